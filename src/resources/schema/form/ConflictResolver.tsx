import { useEffect, useMemo, useRef } from 'react';
import { useNotify, useRecordContext, useUpdate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { AnyResourceDeclaration } from '../../types';
import type { SaveOptions } from './useSaveOptions';
import { ConflictDialog } from './ConflictDialog';
import { mergeThreeWay, resolveConflicts } from './recordConflicts';

/** Says which of the other person's changes a merged save kept, so the user is not surprised by them on the detail. */
export const keptTheirsMessage = (labels: readonly string[]) => `他のユーザーが先に変更した項目（${labels.join('、')}）は、その変更を残しました。`;

/**
 * Inside an edit form: when a save met someone else's, a three-way merge (what the form opened
 * with, the record as it is now, the form). Fields only one side changed are merged without
 * asking and saved at once; fields both changed open the dialog to choose per field. The save
 * goes over the record as it is now (whose updatedAt becomes the form's base).
 */
export const ConflictResolver = ({ resource, save }: { resource: AnyResourceDeclaration; save: SaveOptions }) => {
  const record = useRecordContext();
  const form = useFormContext();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  const { conflict } = save;
  const merge = useMemo(() => {
    if (!conflict) return undefined;
    // What the form was built from: the record may have been refetched under the form since.
    const base = (form.formState.defaultValues as Record<string, unknown> | undefined) ?? conflict.base;
    return mergeThreeWay(resource.fields, resource.form?.fields ?? [], base, conflict.current, form.getValues());
  }, [conflict, form, resource]);

  const saveOverCurrent = (chosen: Record<string, unknown>) => {
    if (!conflict || !record) return;
    // The record as it is now is the new base: its version goes with the save.
    const values = { ...chosen, updatedAt: conflict.current.updatedAt };
    const kept = merge?.theirsOnly ?? [];
    update(
      resource.name,
      { id: record.id, data: values, previousData: conflict.current },
      {
        mutationMode: 'pessimistic',
        onSuccess: (data) => {
          // Saved: the form holds no unsaved change any more, so the move to the detail goes.
          form.reset(values);
          save.mutationOptions.onSuccess(data);
          if (kept.length > 0) notify(keptTheirsMessage(kept), { type: 'info' });
        },
        onError: save.mutationOptions.onError,
      },
    );
  };

  // Nothing both changed: the merge is the save, once per conflict met.
  const autoSaved = useRef<unknown>(undefined);
  useEffect(() => {
    if (!merge || merge.conflicts.length > 0 || autoSaved.current === conflict) return;
    autoSaved.current = conflict;
    saveOverCurrent(merge.merged);
    // saveOverCurrent reads the same conflict and merge.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [merge, conflict]);

  if (!conflict || !record || !merge || merge.conflicts.length === 0) return null;
  return (
    <ConflictDialog
      resource={resource}
      conflicts={merge.conflicts}
      moment="save"
      saving={isPending}
      onCancel={save.clearConflict}
      onChoose={(choices) => saveOverCurrent(resolveConflicts(merge.merged, merge.conflicts, choices))}
    />
  );
};

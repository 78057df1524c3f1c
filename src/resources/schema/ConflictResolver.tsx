import { useRecordContext, useUpdate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { AnyResourceDeclaration } from '../types';
import type { SaveOptions } from './useSaveOptions';
import { ConflictDialog } from './ConflictDialog';

/**
 * Inside an edit form: when a save met someone else's, the dialog to choose per field, and the
 * save of that choice over the record as it is now (whose updatedAt becomes the form's base).
 */
export const ConflictResolver = ({ resource, save }: { resource: AnyResourceDeclaration; save: SaveOptions }) => {
  const record = useRecordContext();
  const form = useFormContext();
  const [update, { isPending }] = useUpdate();
  if (!save.conflict || !record) return null;
  const { current } = save.conflict;
  return (
    <ConflictDialog
      resource={resource}
      conflict={save.conflict}
      saving={isPending}
      onCancel={save.clearConflict}
      onSave={(chosen) => {
        // The record as it is now is the new base: its version goes with the save.
        const values = { ...chosen, updatedAt: current.updatedAt };
        return update(
          resource.name,
          { id: record.id, data: values, previousData: current },
          {
            mutationMode: 'pessimistic',
            onSuccess: (data) => {
              // Saved: the form holds no unsaved change any more, so the move to the detail goes.
              form.reset(values);
              save.mutationOptions.onSuccess(data);
            },
            onError: save.mutationOptions.onError,
          },
        );
      }}
    />
  );
};

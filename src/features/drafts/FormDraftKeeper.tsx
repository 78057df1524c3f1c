import { useEffect, useRef, useState } from 'react';
import { useRecordContext } from 'react-admin';
import { useFormContext, useFormState } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { getPath, sameValue, setPath } from '../../dataProvider/writePayload';
import { versionOf } from '../../dataProvider/recordConflict';
import { DISCARD_CHANGES_EVENT, dirtyPaths, draftStorage, readDraft, removeDraft, useDraftKey, writeDraft, type FormDraft } from './formDrafts';
import { formatDateTime } from '../../contract/dates';
import type { AnyResourceDeclaration } from '../../resources/types';
import { ConflictDialog } from '../../resources/schema/form/ConflictDialog';
import { mergeThreeWay, resolveConflicts, type ThreeWayMerge } from '../../resources/schema/form/recordConflicts';

/** How long typing settles before the draft is written. */
const WRITE_DELAY_MS = 400;

type Values = Record<string, unknown>;

const isoVersion = (record: unknown) => {
  const version = versionOf(record);
  return version === undefined ? undefined : new Date(version).toISOString();
};

/**
 * Was the record saved since the draft was typed? A record without a version (a new one) never
 * moves; a draft that does not say its version (written before drafts kept it) is taken as
 * typed against an older one: asked, never assumed.
 */
export const recordMovedSince = (draft: FormDraft, record: Values): boolean => {
  const now = versionOf(record);
  return now !== undefined && versionOf({ updatedAt: draft.against?.version }) !== now;
};

/**
 * A draft restored into the form as it holds the record now: the draft's fields over the record,
 * merged three ways against what the draft was typed against. A field the other user changed
 * after the draft is a conflict wherever the draft changed it too (its base unknown: wherever
 * the two differ).
 */
export const draftMerge = (resource: AnyResourceDeclaration, draft: FormDraft, record: Values): ThreeWayMerge => {
  const paths = Object.keys(draft.fields);
  const mine = structuredClone(record);
  const base = structuredClone(record);
  for (const path of paths) {
    setPath(mine, path, draft.fields[path]);
    setPath(base, path, draft.against && Object.hasOwn(draft.against.values, path) ? draft.against.values[path] : undefined);
  }
  if (!recordMovedSince(draft, record)) return { merged: mine, theirsOnly: [], conflicts: [] };
  return mergeThreeWay(resource.fields, paths, base, record, mine);
};

/**
 * Inside a form: keeps the unsaved changes as a local draft while the user types, with the
 * version and values they were typed against, and on opening offers a draft left by an earlier
 * visit (a crash, a closed tab, a reload) back: 復元する puts the changed fields into the form,
 * 破棄する forgets them. Restoring over a record someone saved since asks about every field both
 * changed, in the same dialog as a live save: a draft never overwrites a newer change unasked.
 */
export const FormDraftKeeper = ({ resource }: { resource: AnyResourceDeclaration }) => {
  const record = useRecordContext();
  const key = useDraftKey()(resource.name, record?.id);
  const form = useFormContext();
  const { dirtyFields, defaultValues } = useFormState();
  const storage = useRef(draftStorage()).current;
  const [offer, setOffer] = useState<{ key: string; draft: FormDraft }>();
  const [asking, setAsking] = useState<ThreeWayMerge>();
  const offered = useRef<string | undefined>(undefined);

  // On opening (once per record): a draft that differs from what the form holds is offered.
  useEffect(() => {
    if (!key || offered.current === key) return;
    offered.current = key;
    const draft = readDraft(storage, key);
    const values = form.getValues();
    if (draft && Object.entries(draft.fields).some(([path, value]) => !sameValue(value, getPath(values, path)))) setOffer({ key, draft });
  }, [key, form, storage]);

  // While typing: the changed fields, a moment after the last keystroke, with what they were
  // typed against (the form's base). Not while a draft is on offer, so an answer to the offer
  // never finds it overwritten.
  const paths = dirtyPaths(dirtyFields);
  const signature = JSON.stringify(paths.map((path) => [path, getPath(form.getValues(), path)]));
  useEffect(() => {
    if (!key || offer || paths.length === 0) return undefined;
    const timer = setTimeout(() => {
      const values = form.getValues();
      const base = (defaultValues ?? {}) as Values;
      const version = isoVersion(base);
      writeDraft(storage, key, Object.fromEntries(paths.map((path) => [path, getPath(values, path)])), {
        against: { ...(version === undefined ? {} : { version }), values: Object.fromEntries(paths.map((path) => [path, getPath(base, path) ?? null])) },
      });
    }, WRITE_DELAY_MS);
    return () => clearTimeout(timer);
    // `signature` stands for the dirty paths and their values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, offer, signature]);

  // Leaving on purpose (変更を破棄して移動) is an explicit discard: the draft goes too.
  useEffect(() => {
    if (!key) return undefined;
    const forget = () => removeDraft(storage, key);
    window.addEventListener(DISCARD_CHANGES_EVENT, forget);
    return () => window.removeEventListener(DISCARD_CHANGES_EVENT, forget);
  }, [key, storage]);

  if (!offer) return null;
  const current = () => ((form.formState.defaultValues ?? form.getValues()) as Values);
  const apply = (values: Values) => {
    for (const path of Object.keys(offer.draft.fields)) form.setValue(path, getPath(values, path), { shouldDirty: true });
    setAsking(undefined);
    setOffer(undefined);
  };
  const restore = () => {
    const merge = draftMerge(resource, offer.draft, current());
    if (merge.conflicts.length > 0) setAsking(merge);
    else apply(merge.merged);
  };
  const discard = () => {
    removeDraft(storage, offer.key);
    setOffer(undefined);
  };
  const moved = recordMovedSince(offer.draft, current());
  return (
    <>
      <Alert
        severity={moved ? 'warning' : 'info'}
        role="status"
        sx={{ mb: 2, width: '100%' }}
        action={
          <Stack direction="row" spacing={1}>
            <Button size="small" variant="outlined" color="inherit" onClick={discard}>
              破棄する
            </Button>
            <Button size="small" variant="contained" onClick={restore}>
              復元する
            </Button>
          </Stack>
        }
      >
        保存されていない入力内容があります（{formatDateTime(offer.draft.savedAt)}）。
        {moved && 'この入力のあとに、他のユーザーがこのデータを更新しています。'}
        復元しますか？
      </Alert>
      {asking && (
        <ConflictDialog
          resource={resource}
          conflicts={asking.conflicts}
          moment="restore"
          saving={false}
          onCancel={() => setAsking(undefined)}
          onChoose={(choices) => apply(resolveConflicts(asking.merged, asking.conflicts, choices))}
        />
      )}
    </>
  );
};

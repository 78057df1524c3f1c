import { useEffect, useRef, useState } from 'react';
import { useRecordContext } from 'react-admin';
import { useFormContext, useFormState } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { getPath, sameValue } from '../../dataProvider/writePayload';
import { DISCARD_CHANGES_EVENT, dirtyPaths, draftStorage, readDraft, removeDraft, useDraftKey, writeDraft, type FormDraft } from '../../app/formDrafts';
import { formatDateTime } from '../../contract/dates';

/** How long typing settles before the draft is written. */
const WRITE_DELAY_MS = 400;

/**
 * Inside a form: keeps the unsaved changes as a local draft while the user types, and on opening
 * offers a draft left by an earlier visit (a crash, a closed tab, a reload) back: 復元する puts
 * the changed fields into the form, 破棄する forgets them.
 */
export const FormDraftKeeper = ({ resource }: { resource: string }) => {
  const record = useRecordContext();
  const key = useDraftKey()(resource, record?.id);
  const form = useFormContext();
  const { dirtyFields } = useFormState();
  const storage = useRef(draftStorage()).current;
  const [offer, setOffer] = useState<{ key: string; draft: FormDraft }>();
  const offered = useRef<string | undefined>(undefined);

  // On opening (once per record): a draft that differs from what the form holds is offered.
  useEffect(() => {
    if (!key || offered.current === key) return;
    offered.current = key;
    const draft = readDraft(storage, key);
    const values = form.getValues();
    if (draft && Object.entries(draft.fields).some(([path, value]) => !sameValue(value, getPath(values, path)))) setOffer({ key, draft });
  }, [key, form, storage]);

  // While typing: the changed fields, a moment after the last keystroke. Not while a draft is
  // on offer, so an answer to the offer never finds it overwritten.
  const paths = dirtyPaths(dirtyFields);
  const signature = JSON.stringify(paths.map((path) => [path, getPath(form.getValues(), path)]));
  useEffect(() => {
    if (!key || offer || paths.length === 0) return undefined;
    const timer = setTimeout(() => {
      const values = form.getValues();
      writeDraft(storage, key, Object.fromEntries(paths.map((path) => [path, getPath(values, path)])));
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
  const restore = () => {
    for (const [path, value] of Object.entries(offer.draft.fields)) form.setValue(path, value, { shouldDirty: true });
    setOffer(undefined);
  };
  const discard = () => {
    removeDraft(storage, offer.key);
    setOffer(undefined);
  };
  return (
    <Alert
      severity="info"
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
      保存されていない入力内容があります（{formatDateTime(offer.draft.savedAt)}）。復元しますか？
    </Alert>
  );
};

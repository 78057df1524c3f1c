import { useId, useState } from 'react';
import { Button, useDelete, useNotify, useRecordContext, useRedirect } from 'react-admin';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import type { AnyResourceDeclaration } from '../../types';
import { isAvailable, useCapabilities } from '../../../app/capabilities';
import { SafeConfirm } from '../../../app/SafeConfirm';
import { serverMessages } from '../shared/serverErrors';
import { TEXTS } from '../../../i18n/texts';

/** The title of the question before a record is deleted: 定型文「お問い合わせへのお礼」を削除しますか？ */
export const deleteQuestion = (recordLabel: string, name: unknown) =>
  typeof name === 'string' && name !== '' ? `${recordLabel}「${name}」を削除しますか？` : `この${recordLabel}を削除しますか？`;

/**
 * Delete on the detail page of a master that allows it (`capabilities.delete`): asks first
 * (SafeConfirm, focus on キャンセル), waits for the API (never optimistic: a refused delete must
 * not look done), then goes back to the list. A failure says why and keeps the record on screen.
 * Where the delete is an addition (`requires`) it shows only in an environment that has it; a
 * record the API would refuse (`refusal`) gets it disabled, the reason beside it as its description.
 */
export const DeleteRecordButton = ({ resource }: { resource: AnyResourceDeclaration }) => {
  const record = useRecordContext();
  const capabilities = useCapabilities();
  const refusalId = useId();
  const [asking, setAsking] = useState(false);
  const [remove, { isPending }] = useDelete();
  const notify = useNotify();
  const redirect = useRedirect();
  const declared = resource.capabilities?.delete;
  if (!record || !declared) return null;
  const { requires, refusal: refusalOf } = declared === true ? {} : declared;
  if (!isAvailable(capabilities, requires)) return null;
  const refusal = refusalOf?.(record);
  const confirm = () =>
    remove(
      resource.name,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setAsking(false);
          notify(`${resource.recordLabel}を削除しました。`, { type: 'success' });
          redirect('list', resource.name);
        },
        onError: (error) => {
          setAsking(false);
          notify(serverMessages(error).join(' '), { type: 'error' });
        },
      },
    );
  return (
    <>
      <Button label="削除" color="error" onClick={() => setAsking(true)} disabled={refusal !== undefined} aria-describedby={refusal ? refusalId : undefined}>
        <DeleteIcon />
      </Button>
      {refusal && (
        <Typography id={refusalId} variant="caption" color="text.secondary" sx={{ alignSelf: 'center', maxWidth: '24rem', whiteSpace: 'normal' }}>
          {refusal}
        </Typography>
      )}
      <SafeConfirm
        isOpen={asking}
        title={deleteQuestion(resource.recordLabel, resource.recordRepresentation ? record[resource.recordRepresentation] : undefined)}
        content={TEXTS.confirmDelete}
        confirm="削除する"
        loading={isPending}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      />
    </>
  );
};

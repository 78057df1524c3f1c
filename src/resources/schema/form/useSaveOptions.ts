import { useState } from 'react';
import { useNotify, useRecordContext, useRedirect, useSaveContext, type RaRecord } from 'react-admin';
import type { AnyResourceDeclaration } from '../../types';
import { writePayload } from '../../../dataProvider/writePayload';
import { serverMessages } from '../shared/serverErrors';
import { SAVE_ALERT_MS } from '../../../lib/constants';
import { isRecordConflict, type RecordConflictError } from '../../../dataProvider/recordConflict';
import { draftStorage, removeDraft, useDraftKey } from '../../../features/drafts/formDrafts';

export interface SaveOptions {
  serverErrors: string[];
  mutationOptions: { onSuccess: (data: { id: string | number }) => void; onError: (error: unknown) => void };
  /** A save refused because someone else saved first: the form shows both and lets the user choose. */
  conflict: RecordConflictError | undefined;
  clearConflict: () => void;
  /** A save of an edit that changes nothing: no request, 「変更はありません」, and on where a save goes. */
  onUnchanged: (id: string | number) => void;
}

/**
 * What create and edit share: on success the spec's 3-second alert and the next screen (the
 * detail unless the declaration says the list); on failure the server's messages, kept for the
 * red list while the form keeps its values, or the conflict with another user's save.
 */
export const useSaveOptions = (resource: AnyResourceDeclaration, successMessage: string, next: 'show' | 'list'): SaveOptions => {
  const notify = useNotify();
  const redirect = useRedirect();
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [conflict, setConflict] = useState<RecordConflictError>();
  const draftKeyOf = useDraftKey();
  /** The form is done with: its draft (a new record's is filed under "new"), its errors, and on to the next screen. */
  const leave = (id: string | number, message: string, type: 'success' | 'info') => {
    const key = draftKeyOf(resource.name, successMessage === 'app.notification.created' ? undefined : id);
    if (key) removeDraft(draftStorage(), key);
    setServerErrors([]);
    setConflict(undefined);
    notify(message, { type, autoHideDuration: SAVE_ALERT_MS });
    if (next === 'show') redirect('show', resource.name, id);
    else redirect('list', resource.name);
  };
  const mutationOptions = {
    onSuccess: (data: { id: string | number }) => leave(data.id, successMessage, 'success'),
    // A conflict also says so in the red list: a form without the per-field choice (the manual
    // editor) still tells the user, and the generic form keeps the sentence behind its dialog.
    onError: (error: unknown) => {
      setConflict(isRecordConflict(error) ? error : undefined);
      setServerErrors(serverMessages(error));
    },
  };
  return {
    serverErrors,
    mutationOptions,
    conflict,
    clearConflict: () => setConflict(undefined),
    onUnchanged: (id) => leave(id, 'app.notification.unchanged', 'info'),
  };
};

/**
 * Whether saving `values` over `record` would change anything: the fields the form writes, parsed
 * as they are sent, compared with the record's (the payload a PATCH of the changes would carry).
 */
export const holdsChanges = (resource: AnyResourceDeclaration, values: Record<string, unknown>, record: RaRecord): boolean =>
  Object.keys(writePayload(resource, values, { send: 'changed', previousData: record })).length > 0;

/**
 * An edit form's submit (SimpleForm's onSubmit): a form that holds no change sends nothing, so a
 * save without changes never restamps who saved it when (issue 40 item 3); any change is saved
 * as react-admin's Edit saves it. Undefined outside an edit (a create always sends).
 */
export const useEditSubmit = (resource: AnyResourceDeclaration, save: SaveOptions | undefined) => {
  const record = useRecordContext();
  const { save: saveRecord } = useSaveContext();
  if (!save || !record || !saveRecord) return undefined;
  return (values: Record<string, unknown>) => {
    if (holdsChanges(resource, values, record)) return saveRecord(values);
    save.onUnchanged(record.id);
    return undefined;
  };
};

/**
 * An open form keeps the record it was opened with: no refetch on window focus or reconnect
 * replaces it under the user (react-admin resets the form to a refetched record). A save over
 * someone else's change is caught by the version check instead, and shown to the user.
 */
export const EDIT_QUERY_OPTIONS = { refetchOnWindowFocus: false, refetchOnReconnect: false } as const;

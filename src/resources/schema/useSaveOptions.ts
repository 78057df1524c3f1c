import { useState } from 'react';
import { useNotify, useRedirect } from 'react-admin';
import type { AnyResourceDeclaration } from '../types';
import { serverMessages } from './serverErrors';
import { SAVE_ALERT_MS } from '../../lib/constants';
import { isRecordConflict, type RecordConflictError } from '../../dataProvider/recordConflict';
import { draftStorage, removeDraft, useDraftKey } from '../../app/formDrafts';

export interface SaveOptions {
  serverErrors: string[];
  mutationOptions: { onSuccess: (data: { id: string | number }) => void; onError: (error: unknown) => void };
  /** A save refused because someone else saved first: the form shows both and lets the user choose. */
  conflict: RecordConflictError | undefined;
  clearConflict: () => void;
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
  const mutationOptions = {
    onSuccess: (data: { id: string | number }) => {
      // Saved: the draft of this form is done with (a new record's is filed under "new").
      const key = draftKeyOf(resource.name, successMessage === 'app.notification.created' ? undefined : data.id);
      if (key) removeDraft(draftStorage(), key);
      setServerErrors([]);
      setConflict(undefined);
      notify(successMessage, { type: 'success', autoHideDuration: SAVE_ALERT_MS });
      if (next === 'show') redirect('show', resource.name, data.id);
      else redirect('list', resource.name);
    },
    // A conflict also says so in the red list: a form without the per-field choice (the manual
    // editor) still tells the user, and the generic form keeps the sentence behind its dialog.
    onError: (error: unknown) => {
      setConflict(isRecordConflict(error) ? error : undefined);
      setServerErrors(serverMessages(error));
    },
  };
  return { serverErrors, mutationOptions, conflict, clearConflict: () => setConflict(undefined) };
};

/**
 * An open form keeps the record it was opened with: no refetch on window focus or reconnect
 * replaces it under the user (react-admin resets the form to a refetched record). A save over
 * someone else's change is caught by the version check instead, and shown to the user.
 */
export const EDIT_QUERY_OPTIONS = { refetchOnWindowFocus: false, refetchOnReconnect: false } as const;

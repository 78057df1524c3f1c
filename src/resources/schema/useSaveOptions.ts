import { useState } from 'react';
import { useNotify, useRedirect } from 'react-admin';
import type { AnyResourceDeclaration } from '../types';
import { serverMessages } from './serverErrors';
import { SAVE_ALERT_MS } from '../../lib/constants';

/**
 * What create and edit share: on success the spec's 3-second alert and the next screen (the
 * detail unless the declaration says the list); on failure the server's messages, kept for the
 * red list while the form keeps its values.
 */
export const useSaveOptions = (resource: AnyResourceDeclaration, successMessage: string, next: 'show' | 'list') => {
  const notify = useNotify();
  const redirect = useRedirect();
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const mutationOptions = {
    onSuccess: (data: { id: string | number }) => {
      setServerErrors([]);
      notify(successMessage, { type: 'success', autoHideDuration: SAVE_ALERT_MS });
      if (next === 'show') redirect('show', resource.name, data.id);
      else redirect('list', resource.name);
    },
    onError: (error: unknown) => setServerErrors(serverMessages(error)),
  };
  return { serverErrors, mutationOptions };
};

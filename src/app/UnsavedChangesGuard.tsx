import { useEffect } from 'react';
import { useBlocker } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { SafeConfirm } from './SafeConfirm';
import { useReportUnsavedChanges } from './unsavedChanges';
import { DISCARD_CHANGES_EVENT } from '../features/drafts/formDrafts';

export const UNSAVED_TITLE = '保存していない変更があります';
export const UNSAVED_CONTENT = 'このまま移動すると、入力した内容は失われます。';
export const UNSAVED_CONFIRM = '変更を破棄して移動';

/**
 * Inside a form: leaving it with unsaved changes by any link (sidebar, breadcrumb, header) asks
 * first, in our own dialog that opens on キャンセル (react-admin's warning is the browser's
 * confirm(), where Enter discards). Closing or reloading the tab gets the browser's warning, and
 * the environment switcher learns that this form is dirty.
 */
export const UnsavedChangesGuard = () => {
  const { dirtyFields, isSubmitSuccessful } = useFormState();
  const dirty = Object.keys(dirtyFields).length > 0 && !isSubmitSuccessful;
  useReportUnsavedChanges(dirty);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && nextLocation.pathname !== currentLocation.pathname);

  // A save that succeeds redirects in the same tick as the form resets: let that navigation go.
  useEffect(() => {
    if (blocker.state === 'blocked' && !dirty) blocker.proceed?.();
  }, [blocker, dirty]);

  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return (
    <SafeConfirm
      isOpen={blocker.state === 'blocked' && dirty}
      title={UNSAVED_TITLE}
      content={UNSAVED_CONTENT}
      confirm={UNSAVED_CONFIRM}
      onConfirm={() => {
        window.dispatchEvent(new Event(DISCARD_CHANGES_EVENT));
        blocker.proceed?.();
      }}
      onClose={() => blocker.reset?.()}
    />
  );
};

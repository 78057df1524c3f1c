import { useEffect, useId } from 'react';
import { useFormState } from 'react-hook-form';

/**
 * Which forms on screen hold edits not yet saved. The header's environment switcher (which signs
 * out and reloads) asks first when any does. A form reports itself by rendering
 * <ReportUnsavedChanges /> inside it.
 */
const dirtyForms = new Set<string>();

export const hasUnsavedChanges = (): boolean => dirtyForms.size > 0;

/** Marks the form `key` as holding unsaved edits (or not); a form that unmounts is forgotten. */
export const useReportUnsavedChanges = (dirty: boolean) => {
  const key = useId();
  useEffect(() => {
    if (dirty) dirtyForms.add(key);
    else dirtyForms.delete(key);
    return () => {
      dirtyForms.delete(key);
    };
  }, [dirty, key]);
};

/** Inside any react-admin (react-hook-form) form: reports whether the user changed something. */
export const ReportUnsavedChanges = () => {
  const { isDirty } = useFormState();
  useReportUnsavedChanges(isDirty);
  return null;
};

import { useEffect, useId } from 'react';

/**
 * Which forms on screen hold edits not yet saved. The header's environment switcher (which signs
 * out and reloads) asks first when any does. A form reports itself by rendering
 * <UnsavedChangesGuard /> inside it (src/app/UnsavedChangesGuard.tsx).
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

import { useGetIdentity } from 'react-admin';
import { useRuntime } from './RuntimeContext';
import { browserStorage } from '../lib/memoryStorage';

/**
 * Work survives a crash (issue 21): an open form's unsaved changes are kept as a local draft, per
 * environment, per user and per record (or per new record of a master), never with a password
 * in it. A successful save or an explicit discard removes it; coming back offers it again.
 */
export interface FormDraft {
  savedAt: string;
  /** The changed fields only, by their form path. */
  fields: Record<string, unknown>;
}

const PREFIX = 'cs-portal.draft';

/** Sent on window when the user leaves a form discarding its changes on purpose. */
export const DISCARD_CHANGES_EVENT = 'cs-portal:discard-changes';

export const draftKey = (environment: string, userId: string | number, resource: string, id: string | number | undefined) =>
  [PREFIX, environment, String(userId), resource, id === undefined ? 'new' : String(id)].map(encodeURIComponent).join(':');

/** A password (new, current, confirmation) is never written to storage. */
export const isSecretPath = (path: string) => /password/i.test(path);

/** The paths react-hook-form marks dirty (`{ a: true, b: { c: true } }` → a, b.c). */
const anyDirty = (dirty: unknown): boolean => dirty === true || (dirty !== null && typeof dirty === 'object' && Object.values(dirty).some(anyDirty));

/** An array (chips of services) counts as one field: its whole value is the draft's. */
export const dirtyPaths = (dirty: unknown, prefix = ''): string[] => {
  if (dirty === true) return prefix ? [prefix] : [];
  if (Array.isArray(dirty)) return prefix && anyDirty(dirty) ? [prefix] : [];
  if (dirty === null || typeof dirty !== 'object') return [];
  return Object.entries(dirty).flatMap(([key, value]) => dirtyPaths(value, prefix ? `${prefix}.${key}` : key));
};

const isDraft = (value: unknown): value is FormDraft =>
  value !== null && typeof value === 'object' && typeof (value as FormDraft).savedAt === 'string' && typeof (value as FormDraft).fields === 'object' && (value as FormDraft).fields !== null;

export const readDraft = (storage: Storage, key: string): FormDraft | undefined => {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? 'null');
    if (!isDraft(parsed)) return undefined;
    const fields = Object.fromEntries(Object.entries(parsed.fields).filter(([path]) => !isSecretPath(path)));
    return Object.keys(fields).length > 0 ? { savedAt: parsed.savedAt, fields } : undefined;
  } catch {
    return undefined;
  }
};

export const writeDraft = (storage: Storage, key: string, fields: Record<string, unknown>, now = new Date()) => {
  const kept = Object.fromEntries(Object.entries(fields).filter(([path]) => !isSecretPath(path)));
  try {
    if (Object.keys(kept).length === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify({ savedAt: now.toISOString(), fields: kept } satisfies FormDraft));
  } catch {
    // Storage full or blocked: the form still works, only without a draft.
  }
};

export const removeDraft = (storage: Storage, key: string) => {
  try {
    storage.removeItem(key);
  } catch {
    // Blocked storage holds no draft.
  }
};

/** The draft key of a record of `resource` (undefined id: a new one) for the signed-in user, or undefined before the identity is known. */
export const useDraftKey = (): ((resource: string, id: string | number | undefined) => string | undefined) => {
  const { environment } = useRuntime();
  const { identity } = useGetIdentity();
  return (resource, id) => (identity?.id === undefined ? undefined : draftKey(environment.key, identity.id, resource, id));
};

export const draftStorage = browserStorage;

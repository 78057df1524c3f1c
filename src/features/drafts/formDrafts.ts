import { useGetIdentity } from 'react-admin';
import { useRuntime } from '../../app/RuntimeContext';
import { browserStorage } from '../../lib/memoryStorage';

/**
 * Work survives a crash (issue 21): an open form's unsaved changes are kept as a local draft, per
 * environment, per user and per record (or per new record of a master), never with a password
 * in it. A successful save or an explicit discard removes it; coming back offers it again.
 */
export interface FormDraft {
  savedAt: string;
  /** The changed fields only, by their form path. */
  fields: Record<string, unknown>;
  /**
   * What the draft was typed against: the record's version (updatedAt, ISO) and those fields'
   * values then. A restore over a newer record merges three ways with it instead of overwriting
   * (issue 40). Absent on a new record's draft, and on drafts written before it was kept.
   */
  against?: DraftBase;
}

export interface DraftBase {
  version?: string;
  values: Record<string, unknown>;
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

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

const isDraft = (value: unknown): value is FormDraft => isRecord(value) && typeof value.savedAt === 'string' && isRecord(value.fields);

/** A stored base, or undefined when it is not one (garbage is read as "base unknown", the safe side). */
const readBase = (value: unknown): DraftBase | undefined =>
  isRecord(value) && isRecord(value.values) && (value.version === undefined || typeof value.version === 'string')
    ? { ...(value.version === undefined ? {} : { version: value.version }), values: value.values }
    : undefined;

const withoutSecrets = (fields: Record<string, unknown>) => Object.fromEntries(Object.entries(fields).filter(([path]) => !isSecretPath(path)));

export const readDraft = (storage: Storage, key: string): FormDraft | undefined => {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? 'null');
    if (!isDraft(parsed)) return undefined;
    const fields = withoutSecrets(parsed.fields);
    const against = readBase(parsed.against);
    if (Object.keys(fields).length === 0) return undefined;
    return against ? { savedAt: parsed.savedAt, fields, against: { ...against, values: withoutSecrets(against.values) } } : { savedAt: parsed.savedAt, fields };
  } catch {
    return undefined;
  }
};

export const writeDraft = (storage: Storage, key: string, fields: Record<string, unknown>, { now = new Date(), against }: { now?: Date; against?: DraftBase } = {}) => {
  const kept = withoutSecrets(fields);
  const draft: FormDraft = { savedAt: now.toISOString(), fields: kept, ...(against ? { against: { ...against, values: withoutSecrets(against.values) } } : {}) };
  try {
    if (Object.keys(kept).length === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(draft));
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

/** One kept draft of a user, by what it belongs to. */
export interface KeptDraft {
  key: string;
  /** The resource (`v2/core/companies`) or the screen's own name (`v2/core/inquiries/rooms`). */
  resource: string;
  /** The record's id, or undefined for a new record's form. */
  id: string | undefined;
  savedAt: string;
}

/** Every draft `userId` has kept in `environment` on this device, newest first. */
export const draftsOf = (storage: Storage, environment: string, userId: string | number): KeptDraft[] => {
  const prefix = `${[PREFIX, environment, String(userId)].map(encodeURIComponent).join(':')}:`;
  const drafts: KeptDraft[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (!key?.startsWith(prefix)) continue;
    const [resource, id] = key.slice(prefix.length).split(':').map(decodeURIComponent);
    const draft = readDraft(storage, key);
    if (draft && resource) drafts.push({ key, resource, id: id === 'new' ? undefined : id, savedAt: draft.savedAt });
  }
  return drafts.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
};

/**
 * Whether `userId` chose to keep their drafts on this device when signing out (a shared PC's
 * default is not to: issue 36). Remembered per environment and user.
 */
const keepKey = (environment: string, userId: string | number) => ['cs-portal.keep-drafts', environment, String(userId)].map(encodeURIComponent).join(':');

export const keepsDrafts = (storage: Storage, environment: string, userId: string | number): boolean => {
  try {
    return storage.getItem(keepKey(environment, userId)) === 'yes';
  } catch {
    return false;
  }
};

export const rememberKeepDrafts = (storage: Storage, environment: string, userId: string | number, keep: boolean) => {
  try {
    if (keep) storage.setItem(keepKey(environment, userId), 'yes');
    else storage.removeItem(keepKey(environment, userId));
  } catch {
    // Blocked storage keeps nothing, neither drafts nor the choice.
  }
};

/** The draft key of a record of `resource` (undefined id: a new one) for the signed-in user, or undefined before the identity is known. */
export const useDraftKey = (): ((resource: string, id: string | number | undefined) => string | undefined) => {
  const { environment } = useRuntime();
  const { identity } = useGetIdentity();
  return (resource, id) => (identity?.id === undefined ? undefined : draftKey(environment.key, identity.id, resource, id));
};

export const draftStorage = browserStorage;

import { COMPANY_SHAPE } from './masters/companies';
import { GROUP_SHAPE } from './masters/groups';
import { MANUAL_SHAPE } from './masters/manuals';
import { PHARMACY_SHAPE } from './masters/pharmacies';
import { USER_SHAPE } from './masters/users';
import { PLAIN_MASTERS } from './masters/plainMasters';
import { masterResourceName } from './masterShape';

/**
 * Record history (issue 39, the `versions` addition): what the SPA and the reference API agree
 * on. A version names its record by the SPA's resource name (`item_type`), and the masters
 * that keep versions are these, with their Japanese names (the server's versions/masters.ts
 * says how each is stored; a test holds the two lists equal).
 */
export const VERSIONED_RESOURCES: Readonly<Record<string, string>> = {
  'v2/core/companies': COMPANY_SHAPE.label,
  'v2/core/pharmacies': PHARMACY_SHAPE.label,
  'v2/core/groups': GROUP_SHAPE.label,
  'v2/core/users': USER_SHAPE.label,
  'v2/core/manuals': MANUAL_SHAPE.label,
  // Every plain master keeps versions with no line of its own (issue 37: a master is its shape).
  ...Object.fromEntries(PLAIN_MASTERS.map((shape) => [masterResourceName(shape), shape.label])),
};

/** A versioned master's resource name (`v2/core/companies`). */
export type VersionedResource = string;

export const isVersionedResource = (name: string): boolean => Object.hasOwn(VERSIONED_RESOURCES, name);

/** PaperTrail's events, with the words the portal shows. */
export const VERSION_EVENTS = [
  { value: 'create', label: '登録' },
  { value: 'update', label: '更新' },
  { value: 'destroy', label: '削除' },
] as const;

export type VersionEvent = (typeof VERSION_EVENTS)[number]['value'];

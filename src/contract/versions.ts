import { COMPANY_SHAPE } from './masters/companies';
import { DEALER_SHAPE } from './masters/dealers';
import { GROUP_SHAPE } from './masters/groups';
import { MANUAL_SHAPE } from './masters/manuals';
import { PHARMACY_SHAPE } from './masters/pharmacies';
import { SAVED_REPLY_SHAPE } from './masters/savedReplies';
import { USER_SHAPE } from './masters/users';

/**
 * Record history (issue 39, the `versions` addition): what the SPA and the reference API agree
 * on. A version names its record by the SPA's resource name (`item_type`), and the masters
 * that keep versions are these, with their Japanese names (the server's versions/masters.ts
 * says how each is stored; a test holds the two lists equal).
 */
export const VERSIONED_RESOURCES = {
  'v2/core/companies': COMPANY_SHAPE.label,
  'v2/core/pharmacies': PHARMACY_SHAPE.label,
  'v2/core/groups': GROUP_SHAPE.label,
  'v2/core/users': USER_SHAPE.label,
  'v2/core/manuals': MANUAL_SHAPE.label,
  'v2/core/saved_replies': SAVED_REPLY_SHAPE.label,
  'v2/core/dealers': DEALER_SHAPE.label,
} as const;

export type VersionedResource = keyof typeof VERSIONED_RESOURCES;

export const isVersionedResource = (name: string): name is VersionedResource => Object.hasOwn(VERSIONED_RESOURCES, name);

/** PaperTrail's events, with the words the portal shows. */
export const VERSION_EVENTS = [
  { value: 'create', label: '登録' },
  { value: 'update', label: '更新' },
  { value: 'destroy', label: '削除' },
] as const;

export type VersionEvent = (typeof VERSION_EVENTS)[number]['value'];

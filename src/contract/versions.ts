import { COMPANY_SHAPE } from './masters/companies';
import { GROUP_SHAPE } from './masters/groups';
import { MANUAL_CATEGORY, MANUAL_SHAPE } from './masters/manuals';
import { ORDERABLE_FIXTURE_SHAPE, STOCKABLE_FIXTURE_SHAPE } from './masters/itemFixtures';
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
  'v2/core/manual_categories': MANUAL_CATEGORY.label,
  // Every plain master keeps versions with no line of its own (issue 37: a master is its shape).
  ...Object.fromEntries(PLAIN_MASTERS.map((shape) => [masterResourceName(shape), shape.label])),
};

/**
 * The ordering service's versioned masters (its own versions, in its own database, read at
 * `/api/v2/medorder/admin/versions`): the item fixtures, named by the SPA's resources.
 */
export const MEDORDER_VERSIONED_RESOURCES: Readonly<Record<string, string>> = {
  'v2/core/master_sources/stockable_item_fixtures': STOCKABLE_FIXTURE_SHAPE.label,
  'v2/core/master_sources/orderable_item_fixtures': ORDERABLE_FIXTURE_SHAPE.label,
};

/** Every versioned master, of either service, with its Japanese name. */
export const ALL_VERSIONED_RESOURCES: Readonly<Record<string, string>> = { ...VERSIONED_RESOURCES, ...MEDORDER_VERSIONED_RESOURCES };

/** Where a master's versions are read: the ordering service's for its masters, core's for the rest. */
export const versionsApiOf = (itemType: string): string =>
  Object.hasOwn(MEDORDER_VERSIONED_RESOURCES, itemType) ? '/api/v2/medorder/admin/versions' : '/api/v2/core/admin/versions';

/**
 * The versioned records the SPA has no declaration of (a category is a node of the manuals' tree,
 * with no screen of its own): the labels its changes read as.
 */
export const VERSIONED_WITHOUT_SCREEN: Readonly<Record<string, { fields: Readonly<Record<string, { label: string }>> }>> = {
  'v2/core/manual_categories': { fields: MANUAL_CATEGORY.fields },
};

/** A versioned master's resource name (`v2/core/companies`). */
export type VersionedResource = string;

export const isVersionedResource = (name: string): boolean => Object.hasOwn(ALL_VERSIONED_RESOURCES, name);

/** PaperTrail's events, with the words the portal shows. */
export const VERSION_EVENTS = [
  { value: 'create', label: '登録' },
  { value: 'update', label: '更新' },
  { value: 'destroy', label: '削除' },
] as const;

export type VersionEvent = (typeof VERSION_EVENTS)[number]['value'];

import type { AnyResourceDeclaration } from './types';
import type { RouteCatalogue } from '../lib/specPaths';
import { assertDeclarations } from './checkDeclaration';
import { companies } from './companies';
import { dealers } from './dealers';
import { embulkManager } from './embulkManager';
import { ethicalMedicines } from './ethicalMedicines';
import { groups } from './groups';
import { manuals } from './manuals';
import { nsipses } from './nsipses';
import { pharmacies } from './pharmacies';
import { pharmacyLicenseExpires } from './pharmacyLicenseExpires';
import { users } from './users';
import { stockableItemFixtures } from './stockableItemFixtures';
import { orderableItemFixtures } from './orderableItemFixtures';
import { stockableItemImportRequests } from './stockableItemImportRequests';
import { unknownDeliveries } from './unknownDeliveries';
import { iryohokens, medisBases, medisGs1s, medisOptions } from './masterFiles';
import { savedReplies } from './savedReplies';
import { PLAIN_MASTERS } from '../contract/masters/plainMasters';
import { masterResource } from './masterResource';
import { medorderVersions, versions } from './history';

/** The masters with a declaration of their own (screens, or presentation over a plain master's shape). */
const declared: AnyResourceDeclaration[] = [pharmacies, users, companies, groups, dealers, pharmacyLicenseExpires, manuals, ethicalMedicines, embulkManager, nsipses,
  stockableItemFixtures, orderableItemFixtures, stockableItemImportRequests, unknownDeliveries, medisBases, medisGs1s, medisOptions, iryohokens, savedReplies,
  versions, medorderVersions,
];

/**
 * Every master the portal knows: those declared here, and every plain master of the contract's
 * registry (src/contract/masters/plainMasters.ts) that needs nothing beyond its shape.
 */
export const resources: AnyResourceDeclaration[] = [
  ...declared,
  ...PLAIN_MASTERS.filter((shape) => !declared.some((resource) => resource.api === shape.api)).map((shape) => masterResource(shape)),
];

assertDeclarations(resources);

export const resourceNames = resources.map((resource) => resource.name);

/** What the router provider and breadcrumbs need: each resource and its fixed sub-routes. */
export const routeCatalogue: RouteCatalogue = resources.map((resource) => ({
  name: resource.name,
  routes: resource.routes?.map((route) => route.path),
}));

export const findResource = (name: string): AnyResourceDeclaration | undefined =>
  resources.find((resource) => resource.name === name);

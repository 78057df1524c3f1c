import type { DB } from '../../../db/open';
import type { ActorSql, VersionedField, VersionedTable } from '../../../db/paperTrail';
import { columnField, versionedTablesOf, type VersionedMaster } from '../../../shared/versionedMasters';
import { masterResourceName, masterTable } from '../../../../src/contract/masterShape';
import { COMPANY_SHAPE } from '../../../../src/contract/masters/companies';
import { GROUP_SHAPE } from '../../../../src/contract/masters/groups';
import { MANUAL_CATEGORY, MANUAL_SHAPE } from '../../../../src/contract/masters/manuals';
import { PHARMACY_SERVICES, PHARMACY_SHAPE } from '../../../../src/contract/masters/pharmacies';
import { PLAIN_MASTERS } from '../../../../src/contract/masters/plainMasters';
import { USER_SHAPE } from '../../../../src/contract/masters/users';

/**
 * Core's versioned masters (issue 39): one line each, the rest derived from the shape
 * (server/shared/versionedMasters.ts): the pharmacy's company, its nested invoice number and
 * predictor and its services are the fields its shape leaves to code (`extra`); a pharmacy's kept
 * company name is no field, so a company renamed is no change of its pharmacies.
 *
 * A master with no written field (ethical medicines, imported whole from the publishers' files
 * on a worker thread) keeps no per-row versions: an import is one master-file job, listed by
 * the master jobs, not 60,000 versions.
 */
export type { VersionedMaster };

/** The pharmacy's 契約サービス: one yes/no column per service, an array of the contracted ones on the wire. */
const pharmacyServices: VersionedField = {
  key: 'services',
  columns: PHARMACY_SERVICES.map((service) => `service_${service}`),
  sql: (row) =>
    `json((SELECT json_group_array(value) FROM json_each(json_array(${PHARMACY_SERVICES.map((service) => `CASE WHEN ${row}."service_${service}" THEN '${service}' END`).join(', ')})) WHERE value IS NOT NULL))`,
};

export const VERSIONED_MASTERS: readonly VersionedMaster[] = [
  { itemType: 'v2/core/companies', table: 'companies', shape: COMPANY_SHAPE },
  {
    itemType: 'v2/core/pharmacies',
    table: 'pharmacies',
    shape: PHARMACY_SHAPE,
    extra: [columnField('company_id', 'company_id'), columnField('pharmacy_invoice.invoice_number', 'invoice_number'), columnField('predict_config.predictor', 'predictor'), pharmacyServices],
  },
  { itemType: 'v2/core/groups', table: 'groups', shape: GROUP_SHAPE },
  {
    itemType: 'v2/core/users',
    table: 'users',
    shape: USER_SHAPE,
    noReify: 'ユーザーは認証基盤のアカウントと一緒に削除されるため、復元できません。新しく登録してください。',
  },
  { itemType: 'v2/core/manuals', table: 'manuals', shape: MANUAL_SHAPE, extra: [columnField('manual_category_id', 'manual_category_id')] },
  // The tree's categories: a rename, a move (親カテゴリ) and a delete are versions; the reify refuses one whose parent is gone.
  { itemType: 'v2/core/manual_categories', table: 'manual_categories', shape: MANUAL_CATEGORY },
  // Every plain master of the core, from the registry alone: a new one keeps versions with no line here.
  ...PLAIN_MASTERS.filter((shape) => shape.api.startsWith('/api/v2/core/')).map((shape) => ({ itemType: masterResourceName(shape), table: masterTable(shape), shape })),
];

export const versionedMaster = (itemType: string): VersionedMaster | undefined => VERSIONED_MASTERS.find((m) => m.itemType === itemType);

export const versionedTables = (db: DB): VersionedTable[] => versionedTablesOf(db, VERSIONED_MASTERS);

/** Core names the actor by its users row (the token's subject): its id, and its name as it was then. */
export const CORE_ACTOR_SQL: ActorSql = {
  whodunnit: '(SELECT CAST(id AS TEXT) FROM users WHERE auth0_user_id = paper_trail_actor())',
  name: '(SELECT name FROM users WHERE auth0_user_id = paper_trail_actor())',
};

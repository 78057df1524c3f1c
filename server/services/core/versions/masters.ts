import type { DB } from '../../../db/open';
import { storedColumns, type ActorSql, type VersionedField, type VersionedTable } from '../../../db/paperTrail';
import { masterResourceName, masterTable, wireKey, type MasterShape } from '../../../../src/contract/masterShape';
import { COMPANY_SHAPE } from '../../../../src/contract/masters/companies';
import { GROUP_SHAPE } from '../../../../src/contract/masters/groups';
import { MANUAL_SHAPE } from '../../../../src/contract/masters/manuals';
import { PHARMACY_SERVICES, PHARMACY_SHAPE } from '../../../../src/contract/masters/pharmacies';
import { PLAIN_MASTERS } from '../../../../src/contract/masters/plainMasters';
import { USER_SHAPE } from '../../../../src/contract/masters/users';
import type { VersionedResource } from '../../../../src/contract/versions';

/**
 * Core's versioned masters (issue 39): one line each, the rest derived from the shape. A
 * master's versions follow the fields its writes take (those with a `write` rule) that are a
 * column of its table, plus the fields the shape leaves to the feature's code (`extra`: the
 * pharmacy's company, its nested invoice number and predictor, its services). What the
 * service computes (counts, stamps, search text, a pharmacy's company name) is no field of a
 * version: a company renamed is no change of its pharmacies.
 *
 * A master with no written field (ethical medicines, imported whole from the publishers' files
 * on a worker thread) keeps no per-row versions: an import is one master-file job, listed by
 * the master jobs, not 60,000 versions.
 */
export interface VersionedMaster {
  /** The SPA's resource name, which versions name as their item_type (`v2/core/companies`). */
  itemType: VersionedResource;
  table: string;
  shape: Pick<MasterShape, 'fields'>;
  /** Fields the shape leaves to code: wire key (dotted when nested) → its columns and value. */
  extra?: readonly VersionedField[];
  /** Why a deleted record of this master cannot be brought back, where it cannot. */
  noReify?: string;
}

/** A nested wire field kept in one column (`pharmacy_invoice.invoice_number` in invoice_number). */
const column = (key: string, name: string): VersionedField => ({ key, columns: [name], sql: (row) => `${row}."${name}"` });

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
    extra: [column('company_id', 'company_id'), column('pharmacy_invoice.invoice_number', 'invoice_number'), column('predict_config.predictor', 'predictor'), pharmacyServices],
  },
  { itemType: 'v2/core/groups', table: 'groups', shape: GROUP_SHAPE },
  {
    itemType: 'v2/core/users',
    table: 'users',
    shape: USER_SHAPE,
    noReify: 'ユーザーは認証基盤のアカウントと一緒に削除されるため、復元できません。新しく登録してください。',
  },
  { itemType: 'v2/core/manuals', table: 'manuals', shape: MANUAL_SHAPE, extra: [column('manual_category_id', 'manual_category_id')] },
  // Every plain master of the core, from the registry alone: a new one keeps versions with no line here.
  ...PLAIN_MASTERS.filter((shape) => shape.api.startsWith('/api/v2/core/')).map((shape) => ({ itemType: masterResourceName(shape), table: masterTable(shape), shape })),
];

export const versionedMaster = (itemType: string): VersionedMaster | undefined => VERSIONED_MASTERS.find((m) => m.itemType === itemType);

/** A written field's value as versions keep it: a yes/no as true/false (stored 0/1), anything else as stored. */
function shapeField(key: string, type: string): VersionedField {
  const name = wireKey(key);
  const sql = (row: 'NEW' | 'OLD') =>
    type === 'boolean' ? `CASE WHEN ${row}."${name}" IS NULL THEN NULL WHEN ${row}."${name}" THEN json('true') ELSE json('false') END` : `${row}."${name}"`;
  return { key: name, columns: [name], sql };
}

/** The fields a master's versions follow, from its shape and its table's columns. */
export function versionedFields(db: DB, master: VersionedMaster): VersionedField[] {
  const columns = new Set(storedColumns(db, master.table));
  const written = Object.entries(master.shape.fields)
    .filter(([key, field]) => field.write !== undefined && columns.has(wireKey(key)))
    .map(([key, field]) => shapeField(key, field.type));
  return [...written, ...(master.extra ?? [])];
}

export const versionedTables = (db: DB): VersionedTable[] =>
  VERSIONED_MASTERS.map((master) => ({ itemType: master.itemType, table: master.table, fields: versionedFields(db, master) }));

/** Core names the actor by its users row (the token's subject): its id, and its name as it was then. */
export const CORE_ACTOR_SQL: ActorSql = {
  whodunnit: '(SELECT CAST(id AS TEXT) FROM users WHERE auth0_user_id = paper_trail_actor())',
  name: '(SELECT name FROM users WHERE auth0_user_id = paper_trail_actor())',
};

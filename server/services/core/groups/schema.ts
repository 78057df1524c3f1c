import { z } from '@hono/zod-openapi';
import { GROUP_SHAPE } from '../../../../src/contract/masters/groups';
import { answerSchema, writeSchemas } from '../../../shared/masterShape';
import { labelled } from '../../../shared/validation';

// The group detail (a group with its pharmacies) is declared in routes.ts: the pharmacy detail
// names the pharmacy's groups, so this file cannot import the pharmacies' schema without a circle.

/** The answer and the write bodies come from the contract's shape (issue 24 item 1). */
export const GroupSchema = answerSchema(GROUP_SHAPE, 'Group');

/** POST takes the name; PUT only the fields sent change (an empty body changes nothing). */
export const GroupWrite = writeSchemas(GROUP_SHAPE, 'Group');

export const GroupPharmacyInputSchema = z
  .object({ pharmacy_id: labelled('薬局ID', z.number().int().positive().max(2_147_483_647).openapi({ example: 1 })) })
  .openapi('GroupPharmacyInput');

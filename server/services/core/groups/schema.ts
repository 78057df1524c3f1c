import { z } from '@hono/zod-openapi';
import { instantSchema } from '../../../shared/openapi';
import { labelled } from '../../../shared/validation';

// The group detail (a group with its pharmacies) is declared in routes.ts: the pharmacy detail
// names the pharmacy's groups, so this file cannot import the pharmacies' schema without a circle.

export const GroupSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    pharmacies_count: z.number().int(),
    created_at: instantSchema(),
    updated_at: instantSchema(),
    created_by: z.string().nullable(),
    updated_by: z.string().nullable(),
  })
  .openapi('Group');

export const GroupInputSchema = z
  .object({ name: labelled('グループ名', z.string().trim().min(1).max(100).openapi({ example: '渋谷駅前薬局グループ' })) })
  .openapi('GroupInput');

/** PUT: only the fields sent change (an empty body changes nothing). */
export const GroupUpdateSchema = z
  .object({ name: labelled('グループ名', z.string().trim().min(1).max(100).openapi({ example: '渋谷駅前薬局グループ' })).optional() })
  .openapi('GroupUpdate');

export const GroupPharmacyInputSchema = z
  .object({ pharmacy_id: labelled('薬局ID', z.number().int().positive().max(2_147_483_647).openapi({ example: 1 })) })
  .openapi('GroupPharmacyInput');

import { z } from '@hono/zod-openapi';
import { instantSchema } from '../../../shared/openapi';
import { labelled } from '../../../shared/validation';
import { PharmacySchema } from '../pharmacies/schema';

export const CompanySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    note: z.string().nullable(),
    pharmacies_count: z.number().int(),
    created_at: instantSchema(),
    updated_at: instantSchema(),
    created_by: z.string().nullable(),
    updated_by: z.string().nullable(),
  })
  .openapi('Company');

export const CompanyDetailSchema = CompanySchema.extend({ pharmacies: z.array(PharmacySchema) }).openapi('CompanyDetail');

export const CompanyInputSchema = z
  .object({
    name: labelled('会社名', z.string().trim().min(1).max(100).openapi({ example: '株式会社さくらメディカル' })),
    note: labelled('備考', z.string().max(2000).nullable().optional()),
  })
  .openapi('CompanyInput');

/** PUT: only the fields sent change (a name absent keeps the name; note null clears the note). */
export const CompanyUpdateSchema = z
  .object({
    name: labelled('会社名', z.string().trim().min(1).max(100).openapi({ example: '株式会社さくらメディカル' })).optional(),
    note: labelled('備考', z.string().max(2000).nullable().optional()),
  })
  .openapi('CompanyUpdate');

export const PharmacyIdsInputSchema = z
  .object({ pharmacy_ids: labelled('薬局ID', z.array(z.number().int().positive()).min(1).max(100)) })
  .openapi('PharmacyIdsInput');

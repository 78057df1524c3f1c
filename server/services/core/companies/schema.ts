import { z } from '@hono/zod-openapi';
import { labelled } from '../../../shared/validation';

const ts = () => z.string().openapi({ example: '2026-11-21T10:00:00.000Z' });
const date = () => z.string().nullable().openapi({ example: '2024-04-01' });

export const PharmacySchema = z
  .object({
    id: z.number().int(),
    company_id: z.number().int().nullable(),
    name: z.string(),
    micode: z.string().openapi({ example: '1341234567' }),
    postal_code: z.string(),
    address1: z.string().openapi({ description: '都道府県' }),
    address2: z.string(),
    address3: z.string(),
    address4: z.string().nullable(),
    phone: z.string(),
    fax: z.string().nullable(),
    email: z.string(),
    started_on: date(),
    ended_on: date(),
    services: z.array(z.enum(['share', 'medorder'])),
    created_at: ts(),
    updated_at: ts(),
  })
  .openapi('Pharmacy');

// The pharmacy detail and input shapes: pharmacies/schema.ts.

export const CompanySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    note: z.string().nullable(),
    pharmacies_count: z.number().int(),
    created_at: ts(),
    updated_at: ts(),
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

export const GroupSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    pharmacies_count: z.number().int(),
    created_at: ts(),
    updated_at: ts(),
    created_by: z.string().nullable(),
    updated_by: z.string().nullable(),
  })
  .openapi('Group');

export const GroupDetailSchema = GroupSchema.extend({ pharmacies: z.array(PharmacySchema) }).openapi('GroupDetail');

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

export const CoreUserSchema = z
  .object({
    id: z.number().int(),
    user_id: z.string(),
    auth0_user_id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(['admin', 'pharmacy']),
    pharmacy_ids: z.array(z.number().int()),
    created_at: ts(),
    updated_at: ts(),
  })
  .openapi('CoreUser');

export const ChangePasswordInputSchema = z
  .object({
    current_password: labelled('現在のパスワード', z.string().min(1).max(128).openapi({ example: 'OldSecret123' })),
    new_password: labelled('新しいパスワード', z.string().min(1).max(128).openapi({ example: 'NewSecret123' })),
    new_password_again: labelled('新しいパスワード（確認）', z.string().min(1).max(128).openapi({ example: 'NewSecret123' })),
  })
  .openapi('ChangePasswordInput');

export const MessageSchema = z.object({ message: z.string() }).openapi('Message');

export const RestoreResultSchema = z
  .object({
    auth0_pharmacy_ids: z.array(z.number().int()).openapi({ description: '復元前の認証基盤の app_metadata.pharmacy_ids' }),
    db_pharmacy_ids: z.array(z.number().int()).openapi({ description: 'データベースの薬局ID (認証基盤はこの値に復元される)' }),
    restored: z.literal(true),
  })
  .openapi('RestoreResult');

export const booleanParam = () => z.enum(['true', 'false', '1', '0']).optional();
export const isTrue = (v: string | undefined) => v === 'true' || v === '1';

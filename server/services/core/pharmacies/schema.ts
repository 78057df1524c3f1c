import { z } from '@hono/zod-openapi';
import { PHARMACY_LABELS, PHARMACY_SERVICES, PREDICTORS } from '../../../../src/contract/pharmacy';
import { instantSchema, optionalDaySchema } from '../../../shared/openapi';
import { labelled } from '../../../shared/validation';
import { GroupSchema } from '../groups/schema';

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
    started_on: optionalDaySchema(),
    ended_on: optionalDaySchema(),
    services: z.array(z.enum(['share', 'medorder'])),
    created_at: instantSchema(),
    updated_at: instantSchema(),
  })
  .openapi('Pharmacy');

/**
 * The pharmacy detail and write shapes (spec section 3 Pharmacy). The input schema checks types
 * only, naming each field in Japanese; the rules (required, lengths, formats, services) are the
 * contract's `pharmacyErrors`, which the form runs too.
 */
const text = (field: keyof typeof PHARMACY_LABELS) => labelled(PHARMACY_LABELS[field], z.string().nullable().optional());

export const PharmacyDetailSchema = PharmacySchema.extend({
  note: z.string().nullable(),
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
  pharmacy_invoice: z.object({ invoice_number: z.string().nullable() }),
  latitude: z.number().nullable().openapi({ description: '自動設定' }),
  longitude: z.number().nullable().openapi({ description: '自動設定' }),
  web_url: z.string().nullable(),
  navigation: z.string().nullable(),
  deleted_on: z.string().nullable(),
  subdivision_transferor_name: z.string().nullable(),
  subdivision_transferee_name: z.string().nullable(),
  v4_inst_id: z.string().nullable(),
  v1_id: z.number().int().nullable(),
  service_attributes: z.object({ share: z.boolean(), medorder: z.boolean() }),
  predict_config: z.object({ predictor: z.string().nullable().openapi({ description: 'optimized_orders (v1) / statistic (v2) / その他は未設定' }) }),
  groups: z.array(GroupSchema),
}).openapi('PharmacyDetail');

export const PharmacyInputSchema = z
  .object({
    company_id: labelled('会社ID', z.number().int().positive().max(2_147_483_647).nullable().optional()),
    name: text('name').openapi({ example: 'さくら薬局 渋谷店' }),
    micode: text('micode').openapi({ example: '1341234567' }),
    pharmacy_invoice_attributes: labelled('適格請求書', z.object({ invoice_number: text('invoiceNumber') }).nullable().optional()),
    postal_code: text('postalCode').openapi({ example: '150-0002' }),
    address1: text('address1'),
    address2: text('address2'),
    address3: text('address3'),
    address4: text('address4'),
    phone: text('phone'),
    fax: text('fax'),
    email: text('email'),
    web_url: text('webUrl'),
    navigation: text('navigation'),
    note: text('note'),
    started_on: text('startedOn'),
    ended_on: text('endedOn'),
    deleted_on: text('deletedOn'),
    subdivision_transferor_name: text('subdivisionTransferorName'),
    subdivision_transferee_name: text('subdivisionTransfereeName'),
    v4_inst_id: text('v4InstId'),
    services: labelled(PHARMACY_LABELS.services, z.array(z.string().max(100)).max(PHARMACY_SERVICES.length * 2).optional()).openapi({
      example: ['share', 'medorder'],
    }),
    predict_config_attributes: labelled(
      '予測設定',
      z.object({ predictor: labelled('予測ロジック', z.string().max(100).nullable().optional()).openapi({ enum: [...PREDICTORS] }) }).nullable().optional(),
    ),
  })
  .openapi('PharmacyInput');

export type PharmacyInput = z.infer<typeof PharmacyInputSchema>;

export const PostalCodeResultsSchema = z
  .object({
    results: z.array(
      z.object({
        postal_code: z.string(),
        address1: z.string().openapi({ description: '都道府県' }),
        address2: z.string().openapi({ description: '市区町村' }),
        address3: z.string().openapi({ description: '町域 (空のこともある)' }),
      }),
    ),
  })
  .openapi('PostalCodeResults');

export const booleanParam = () => z.enum(['true', 'false', '1', '0']).optional();
export const isTrue = (v: string | undefined) => v === 'true' || v === '1';

import { z } from '@hono/zod-openapi';
import { wireKey, writtenFields, type WriteRule, type WrittenKey } from '../../../../src/contract/masterShape';
import { PHARMACY_SHAPE } from '../../../../src/contract/masters/pharmacies';
import { PHARMACY_LABELS, PHARMACY_SERVICES, PREDICTORS } from '../../../../src/contract/pharmacy';
import { answerSchema, detailAnswerFields, type WireKey } from '../../../shared/masterShape';
import { labelled } from '../../../shared/validation';
import { GroupSchema } from '../groups/schema';

/**
 * The pharmacy's answers (spec section 3 Pharmacy): the list's row and the flat fields of the
 * detail from the shape (src/contract/masters/pharmacies.ts); the detail's nested groups here,
 * as the shape's flat fields do not say them.
 */
export const PharmacySchema = answerSchema(PHARMACY_SHAPE, 'Pharmacy');

const detail = detailAnswerFields(PHARMACY_SHAPE);

export const PharmacyDetailSchema = PharmacySchema.extend({
  ...detail,
  pharmacy_invoice: z.object({ invoice_number: z.string().nullable() }),
  service_attributes: z.object({ share: z.boolean(), medorder: z.boolean() }),
  predict_config: z.object({ predictor: z.string().nullable().openapi({ description: 'optimized_orders (v1) / statistic (v2) / その他は未設定' }) }),
  groups: z.array(GroupSchema),
}).openapi('PharmacyDetail');

/**
 * The write body: the shape's written texts, the company and the nested attributes. It checks
 * types only, naming each field in Japanese; the rules are the contract's `pharmacyErrors` (the
 * shape's text rules and what they do not say), which the form runs too. Not the shape's derived
 * write schemas (`writeSchemas`): those judge each sent field alone and answer a wrong type with
 * the broken rules, where the pharmacy's rules judge the record a write leaves behind (stored row
 * and body) once its types are right, and the nested attributes and services are no texts.
 */
const allTexts = Object.fromEntries(
  writtenFields(PHARMACY_SHAPE).map((field) => {
    const { label, write }: { label: string; write: WriteRule } = PHARMACY_SHAPE.fields[field];
    const example = write.example ?? write.pattern?.example;
    return [wireKey(field), labelled(label, z.string().nullable().optional()).openapi({ description: label, ...(example && { example }) })];
  }),
) as Record<WireKey<WrittenKey<typeof PHARMACY_SHAPE.fields>>, z.ZodOptional<z.ZodNullable<z.ZodString>>>;
const { name, micode, ...texts } = allTexts;

export const PharmacyInputSchema = z
  .object({
    company_id: labelled('会社ID', z.number().int().positive().max(2_147_483_647).nullable().optional()),
    name,
    micode,
    // Where it always was: a 422 lists the fields' messages in this order.
    pharmacy_invoice_attributes: labelled('適格請求書', z.object({ invoice_number: labelled(PHARMACY_LABELS.invoiceNumber, z.string().nullable().optional()) }).nullable().optional()),
    ...texts,
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

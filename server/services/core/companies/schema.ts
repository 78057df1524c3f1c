import { z } from '@hono/zod-openapi';
import { COMPANY_SHAPE } from '../../../../src/contract/masters/companies';
import { answerSchema, writeSchemas } from '../../../shared/masterShape';
import { labelled } from '../../../shared/validation';
import { PharmacySchema } from '../pharmacies/schema';

/** The answer and the write bodies come from the contract's shape (issue 24 item 1). */
export const CompanySchema = answerSchema(COMPANY_SHAPE, 'Company');

export const CompanyDetailSchema = CompanySchema.extend({ pharmacies: z.array(PharmacySchema) }).openapi('CompanyDetail');

/** POST takes name and note; PUT only the fields sent change (a name absent keeps the name; note null clears the note). */
export const CompanyWrite = writeSchemas(COMPANY_SHAPE, 'Company');

export const PharmacyIdsInputSchema = z
  .object({ pharmacy_ids: labelled('薬局ID', z.array(z.number().int().positive()).min(1).max(100)) })
  .openapi('PharmacyIdsInput');

import { foldInvoiceNumber, PHARMACY_SERVICES, pharmacyErrors, postalDigits, type PharmacyField, type PharmacyService } from '../../../../src/contract/pharmacy';
import { toSnakeKey } from '../../../../src/contract/caseConversion';
import { wireKey, writtenFields } from '../../../../src/contract/masterShape';
import { PHARMACY_SHAPE } from '../../../../src/contract/masters/pharmacies';
import type { WireKey } from '../../../shared/masterShape';
import type { FieldErrors } from '../../../shared/errors';
import type { PharmacyInput } from './schema';

/** A pharmacy write as stored: every column, flat (a required text sent blank is null until the rules refuse it). */
export interface PharmacyWrite {
  company_id: number | null;
  name: string | null;
  micode: string | null;
  invoice_number: string | null;
  postal_code: string | null;
  address1: string | null;
  address2: string | null;
  address3: string | null;
  address4: string | null;
  phone: string | null;
  fax: string | null;
  email: string | null;
  web_url: string | null;
  navigation: string | null;
  note: string | null;
  started_on: string | null;
  ended_on: string | null;
  deleted_on: string | null;
  subdivision_transferor_name: string | null;
  subdivision_transferee_name: string | null;
  v4_inst_id: string | null;
  services: PharmacyService[];
  predictor: string | null;
}

const EMPTY: PharmacyWrite = {
  company_id: null, name: '', micode: '', invoice_number: null, postal_code: '', address1: '', address2: '', address3: '',
  address4: null, phone: '', fax: null, email: '', web_url: null, navigation: null, note: null, started_on: null,
  ended_on: null, deleted_on: null, subdivision_transferor_name: null, subdivision_transferee_name: null, v4_inst_id: null,
  services: [], predictor: null,
};

/** The body's text fields, the shape's written ones, by wire key. */
const PHARMACY_TEXTS = writtenFields(PHARMACY_SHAPE).map((field) => wireKey(field) as WireKey<typeof field>);

/** Trimmed text; '' becomes null where the column is optional (the rules then see it as empty). */
const clean = (value: string | null | undefined): string | null => {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

/**
 * The body over `previous` (PUT: a field the body leaves out keeps its value; null clears it),
 * trimmed. A postal code sent is kept as its 7 digits when it is one, as the seeds store it.
 */
export function pharmacyWrite(body: PharmacyInput, previous: PharmacyWrite = EMPTY): PharmacyWrite {
  const write: PharmacyWrite = { ...previous };
  const assign = <K extends keyof PharmacyWrite>(key: K, value: PharmacyWrite[K] | undefined) => {
    if (value !== undefined) write[key] = value;
  };
  // The shape's written texts, trimmed; a blank is null until the rules refuse it where required.
  for (const key of PHARMACY_TEXTS) {
    const value = body[key];
    if (value !== undefined) assign(key, clean(value));
  }
  assign('company_id', body.company_id);
  // Nested attributes as Rails reads them: an absent, null or empty object changes nothing; within
  // it an absent field stays, null clears it, a value sets it.
  const invoiceNumber = body.pharmacy_invoice_attributes?.invoice_number;
  // Stored folded (full-width digits and T as half-width), so it is compared and found as typed either way.
  if (invoiceNumber !== undefined) write.invoice_number = clean(invoiceNumber === null ? null : foldInvoiceNumber(invoiceNumber));
  const predictor = body.predict_config_attributes?.predictor;
  if (predictor !== undefined) write.predictor = clean(predictor);
  // Unknown service names are dropped: with none left, the rules say to choose one.
  if (body.services !== undefined) write.services = PHARMACY_SERVICES.filter((service) => body.services?.includes(service));
  if (body.postal_code !== undefined) write.postal_code = postalDigits(write.postal_code) ?? write.postal_code;
  return write;
}

/** Where each rule's field is in the request body. */
const BODY_KEYS: Partial<Record<PharmacyField, string>> = {
  invoiceNumber: 'pharmacy_invoice_attributes.invoice_number',
  predictor: 'predict_config_attributes.predictor',
};

/** The contract's rules over a write, keyed by the body's field paths; undefined when it may be saved. */
export function pharmacyErrorsOf(write: PharmacyWrite): FieldErrors | undefined {
  const errors = pharmacyErrors({
    name: write.name, micode: write.micode, invoiceNumber: write.invoice_number, postalCode: write.postal_code,
    address1: write.address1, address2: write.address2, address3: write.address3, address4: write.address4,
    phone: write.phone, fax: write.fax, email: write.email, webUrl: write.web_url, navigation: write.navigation,
    note: write.note, startedOn: write.started_on, endedOn: write.ended_on, deletedOn: write.deleted_on,
    subdivisionTransferorName: write.subdivision_transferor_name, subdivisionTransfereeName: write.subdivision_transferee_name,
    v4InstId: write.v4_inst_id, services: write.services, predictor: write.predictor,
  });
  const entries = Object.entries(errors) as [PharmacyField, string][];
  if (entries.length === 0) return undefined;
  return Object.fromEntries(entries.map(([field, message]) => [BODY_KEYS[field] ?? toSnakeKey(field), [message]]));
}

import { pharmacyErrors, postalDigits, type PharmacyField } from '../../contract/pharmacy';
import { setPath, getPath } from '../../dataProvider/writePayload';

/**
 * The pharmacy form's pure rules: the API's own rules (src/contract/pharmacy.ts, whose text rules
 * are the shape's, src/contract/masters/pharmacies.ts) on the form's values, and what the postal
 * lookup does with its answer. The form holds the whole record, so its values are judged as one,
 * as the API judges the record a write leaves behind.
 */

/** Where a rule's field sits in the form when it is nested (the declaration's read paths). */
const FORM_PATHS: Partial<Record<PharmacyField, string>> = {
  invoiceNumber: 'pharmacyInvoice.invoiceNumber',
  predictor: 'predictConfig.predictor',
};

/** react-admin's form-level validate: the contract's messages at the form's (nested) paths. */
export const pharmacyFormErrors = (values: Record<string, unknown>): Record<string, unknown> => {
  const errors = pharmacyErrors({
    ...values,
    invoiceNumber: getPath(values, 'pharmacyInvoice.invoiceNumber'),
    predictor: getPath(values, 'predictConfig.predictor'),
  });
  const nested: Record<string, unknown> = {};
  for (const [field, message] of Object.entries(errors) as [PharmacyField, string][]) setPath(nested, FORM_PATHS[field] ?? field, message);
  return nested;
};

export interface AddressParts {
  address1: string;
  address2: string;
  address3: string;
}

/**
 * When the lookup runs: the postal code's 7 digits once a hyphen is removed, if they differ
 * from the last ones looked up (typing more after a lookup does not repeat it).
 */
export const postalLookupDigits = (value: unknown, lastLookedUp: string | undefined): string | undefined => {
  const digits = postalDigits(value);
  return digits !== undefined && digits !== lastLookedUp ? digits : undefined;
};

export type AddressFill =
  /** The three address fields are filled with this address. */
  | { kind: 'fill'; address: AddressParts }
  /** One code, several addresses: the user picks one. */
  | { kind: 'choose'; options: AddressParts[] }
  /** The code has no address. */
  | { kind: 'notFound' }
  /** Something is already typed in the address fields: nothing is overwritten. */
  | { kind: 'keep' };

const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/** What a lookup's answer does to the form (spec section 5: fill only when address1-3 are all empty). */
export const addressFill = (current: Partial<Record<keyof AddressParts, unknown>>, results: readonly AddressParts[]): AddressFill => {
  if (!(blank(current.address1) && blank(current.address2) && blank(current.address3))) return { kind: 'keep' };
  if (results.length === 0) return { kind: 'notFound' };
  const unique = results.filter(
    (result, index) => results.findIndex((other) => other.address1 === result.address1 && other.address2 === result.address2 && other.address3 === result.address3) === index,
  );
  if (unique.length === 1) return { kind: 'fill', address: unique[0] };
  return { kind: 'choose', options: unique };
};

export const addressLabel = (address: AddressParts) => [address.address1, address.address2, address.address3].filter(Boolean).join(' ');

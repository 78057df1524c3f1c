import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildMicode, foldInvoiceNumber, invoiceCheckDigit, invoiceNumberError, isValidMicodeCheckDigit, micodeWarning, PHARMACY_MESSAGES, pharmacyErrors,
  postalDigits, sniffLicenseType,
} from '../../../src/contract/pharmacy';
import { addressFill, pharmacyFormErrors, postalLookupDigits } from '../../../src/resources/pharmacies/formRules';
import { daysBetween, daysLeft, daysLeftText } from '../../../src/resources/pharmacyLicenseExpires/daysLeft';
import { badgeShows } from '../../../src/resources/schema/shared/fieldDisplay';
import { pharmacies } from '../../../src/resources/pharmacies';

const VALID = {
  name: 'さくら薬局 渋谷店', micode: '1341234567', postalCode: '150-0002', address1: '東京都', address2: '渋谷区',
  address3: '渋谷1-2-3', phone: '03-1234-5678', email: 'a@example.jp', services: ['medorder'],
};

const digits = (length: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(''));

describe('the pharmacy rules the form and the API share', () => {
  it('accepts a complete pharmacy and names each broken rule once', () => {
    expect(pharmacyErrors(VALID)).toEqual({});
    expect(pharmacyErrors({ ...VALID, services: [] })).toEqual({ services: PHARMACY_MESSAGES.servicesRequired });
    expect(pharmacyErrors({})).toMatchObject({ name: '薬局名を入力してください。', services: PHARMACY_MESSAGES.servicesRequired });
    expect(pharmacyErrors({ ...VALID, webUrl: 'ftp://example.jp' }).webUrl).toBe(PHARMACY_MESSAGES.webUrl);
    expect(pharmacyErrors({ ...VALID, webUrl: 'https://example.jp/a' })).toEqual({});
  });

  it('wants a micode of exactly 10 characters, whatever they are', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() !== '' && s.trim() === s), (micode) => {
        const error = pharmacyErrors({ ...VALID, micode }).micode;
        expect(error === undefined).toBe([...micode].length === 10);
      }),
    );
  });

  it('warns, never blocks, on a failed check digit, by the prefecture rule', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 47 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 9999 }), (pref, gun, kikan) => {
        const micode = buildMicode(pref, gun, kikan);
        expect(isValidMicodeCheckDigit(micode)).toBe(true);
        expect(micodeWarning(micode)).toBeUndefined();
        const wrong = `${micode.slice(0, 9)}${(Number(micode[9]) + 1) % 10}`;
        expect(micodeWarning(wrong)).toBe(PHARMACY_MESSAGES.micodeCheckDigit);
        expect(pharmacyErrors({ ...VALID, micode: wrong }).micode).toBeUndefined();
      }),
    );
    // Tokyo (13): Luhn over 123456 only gives 6; Osaka (27): Luhn over all nine digits gives 7.
    expect(buildMicode(13, 12, 3456)).toBe('1341234566');
    expect(buildMicode(27, 12, 3456)).toBe('2741234567');
    expect(micodeWarning('123')).toBeUndefined();
  });

  it('the postal lookup runs on 7 digits after removing one hyphen, once per code', () => {
    fc.assert(
      fc.property(digits(7), fc.integer({ min: 0, max: 7 }), (code, at) => {
        const typed = `${code.slice(0, at)}-${code.slice(at)}`;
        expect(postalDigits(typed)).toBe(code);
        expect(postalDigits(code)).toBe(code);
        expect(postalLookupDigits(typed, undefined)).toBe(code);
        expect(postalLookupDigits(typed, code)).toBeUndefined();
      }),
    );
    fc.assert(
      fc.property(fc.oneof(digits(6), digits(8), fc.string()), (typed) => {
        if (/^\d{7}$/.test(typed.trim().replace('-', ''))) return;
        expect(postalLookupDigits(typed, undefined)).toBeUndefined();
      }),
    );
    expect(postalDigits('150--0002')).toBeUndefined();
  });

  it('fills the address only when address1 to address3 are all empty; several addresses are a choice', () => {
    const shibuya = { address1: '東京都', address2: '渋谷区', address3: '渋谷' };
    const empty = { address1: '', address2: ' ', address3: undefined };
    expect(addressFill(empty, [shibuya])).toEqual({ kind: 'fill', address: shibuya });
    expect(addressFill(empty, [])).toEqual({ kind: 'notFound' });
    const mie = { address1: '三重県', address2: '桑名郡木曽岬町', address3: '' };
    expect(addressFill(empty, [shibuya, mie, shibuya])).toEqual({ kind: 'choose', options: [shibuya, mie] });
    fc.assert(
      fc.property(fc.constantFrom('address1', 'address2', 'address3'), fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''), (key, typed) => {
        expect(addressFill({ ...empty, [key]: typed }, [shibuya])).toEqual({ kind: 'keep' });
      }),
    );
  });

  it('puts nested rules at the form paths', () => {
    expect(pharmacyFormErrors({ ...VALID, predictConfig: { predictor: 'v3' } })).toEqual({ predictConfig: { predictor: PHARMACY_MESSAGES.predictor } });
    expect(pharmacyFormErrors({ ...VALID, pharmacyInvoice: { invoiceNumber: 'x'.repeat(300) } })).toEqual({
      pharmacyInvoice: { invoiceNumber: '適格請求書発行事業者登録番号は255文字以内で入力してください。' },
    });
  });

  it('tells a licence file by its bytes', () => {
    expect(sniffLicenseType(new TextEncoder().encode('%PDF-1.7'))).toBe('application/pdf');
    expect(sniffLicenseType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffLicenseType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffLicenseType(new TextEncoder().encode('<html>'))).toBeUndefined();
    expect(sniffLicenseType(new Uint8Array())).toBeUndefined();
  });
});

describe('the ended badge at the Japan-date boundary', () => {
  const badge = pharmacies.list.badges![0];
  // 2026-11-22 00:00 in Tokyo is 2026-11-21 10:00 in New York.
  const tokyoMidnight = Date.parse('2026-11-21T15:00:00Z');

  it('shows from the first instant of the ended day in Japan, whatever the machine zone', () => {
    fc.assert(
      fc.property(fc.integer({ min: -86_400_000, max: 86_400_000 - 1 }), (offset) => {
        const now = new Date(tokyoMidnight + offset);
        expect(badgeShows(badge, { endedOn: '2026-11-22' }, now)).toBe(offset >= 0);
        expect(badgeShows(badge, { endedOn: '2026-11-21' }, now)).toBe(true);
      }),
    );
    expect(badgeShows(badge, { endedOn: null }, new Date(tokyoMidnight))).toBe(false);
  });
});

describe('days left of a licence', () => {
  it('counts calendar days from today in Japan', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5000, max: 5000 }), fc.integer({ min: 0, max: 86_400_000 - 1 }), (days, withinDay) => {
        const now = new Date(Date.parse('2026-11-21T15:00:00Z') + withinDay); // 2026-11-22 in Tokyo
        const expiresOn = new Date(Date.parse('2026-11-22T00:00:00Z') + days * 86_400_000).toISOString().slice(0, 10);
        expect(daysLeft(expiresOn, now)).toBe(days);
        expect(daysBetween('2026-11-22', expiresOn)).toBe(days);
      }),
    );
    expect(daysLeftText(30)).toBe('残り30日');
    expect(daysLeftText(0)).toBe('本日まで');
    expect(daysLeftText(-3)).toBe('期限切れ（3日経過）');
    expect(daysLeft('not a day')).toBeUndefined();
  });
});

/** Full-width, as an IME types it. */
const fullWidth = (text: string) => text.replace(/[0-9T]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0));
/** A valid 登録番号: T, the check digit, the 12-digit base. */
const invoiceNumber = digits(12).map((base) => `T${invoiceCheckDigit(base)}${base}`);

describe('適格請求書発行事業者登録番号 (issue 40 item 5)', () => {
  it('has the check digit the National Tax Agency gives: its own 法人番号 and a worked example', () => {
    // 国税庁 7000012050002 (its published 法人番号).
    expect(invoiceCheckDigit('000012050002')).toBe(7);
    expect(invoiceNumberError('T7000012050002')).toBeUndefined();
    // Σ = 72, 72 mod 9 = 0: the check digit is 9, never 0.
    expect(invoiceCheckDigit('234567890123')).toBe(9);
  });

  it('refuses what is no 登録番号, with the form\'s and the API\'s message', () => {
    for (const refused of ['T123', 'ABC', '1234567890123', '7000012050002', 'T70000120500021', 'T700001205000', 'TT000012050002', 'T70000-12050002', 'X7000012050002']) {
      expect(invoiceNumberError(refused), refused).toBe(PHARMACY_MESSAGES.invoiceNumberFormat);
    }
    expect(invoiceNumberError('T1234567890123')).toBe(PHARMACY_MESSAGES.invoiceNumberCheckDigit);
    expect(pharmacyErrors({ ...VALID, invoiceNumber: 'T123' })).toEqual({ invoiceNumber: PHARMACY_MESSAGES.invoiceNumberFormat });
    expect(pharmacyFormErrors({ ...VALID, pharmacyInvoice: { invoiceNumber: 'T1234567890123' } })).toEqual({
      pharmacyInvoice: { invoiceNumber: PHARMACY_MESSAGES.invoiceNumberCheckDigit },
    });
    // Optional: blank is no number at all.
    expect(pharmacyErrors({ ...VALID, invoiceNumber: '  ' })).toEqual({});
  });

  it('folds full-width digits, a full-width Ｔ and a lower-case t', () => {
    expect(foldInvoiceNumber(fullWidth('T7000012050002'))).toBe('T7000012050002');
    expect(fullWidth('T7000012050002')).toBe('Ｔ７００００１２０５０００２');
    expect(foldInvoiceNumber(' ｔ7000012050002 ')).toBe('T7000012050002');
    expect(foldInvoiceNumber('t７000012050002')).toBe('T7000012050002');
    expect(invoiceNumberError('Ｔ７００００１２０５０００２')).toBeUndefined();
  });

  it('property: a valid number passes as typed, full-width or with a lower-case t', () => {
    fc.assert(
      fc.property(invoiceNumber, fc.constantFrom('as typed', 'full-width', 'lower-case t', 'padded'), (number, form) => {
        const typed = form === 'full-width' ? fullWidth(number) : form === 'lower-case t' ? `t${number.slice(1)}` : form === 'padded' ? ` ${number}\u3000` : number;
        expect(foldInvoiceNumber(typed)).toBe(number);
        expect(invoiceNumberError(typed)).toBeUndefined();
        expect(pharmacyErrors({ ...VALID, invoiceNumber: typed })).toEqual({});
      }),
    );
  });

  it('property: any single digit changed fails the check, but for 0 and 9 swapped in the base', () => {
    fc.assert(
      fc.property(invoiceNumber, fc.integer({ min: 1, max: 13 }), fc.integer({ min: 1, max: 9 }), (number, at, step) => {
        const was = Number(number[at]);
        const changed = (was + step) % 10;
        const typo = `${number.slice(0, at)}${changed}${number.slice(at + 1)}`;
        // The rule is mod 9: a base digit moved by 9 (0 for 9 or 9 for 0) weighs 9 or 18 and
        // leaves the sum's remainder as it was, so the NTA's own check digit cannot see it.
        const blindSpot = at >= 2 && Math.abs(changed - was) === 9;
        expect(invoiceNumberError(typo)).toBe(blindSpot ? undefined : PHARMACY_MESSAGES.invoiceNumberCheckDigit);
      }),
      { numRuns: 2000 },
    );
    // The blind spot, shown: 7000012050002 with its last 0 read as 9 still checks.
    expect(invoiceNumberError('T7000012050092')).toBeUndefined();
  });
});

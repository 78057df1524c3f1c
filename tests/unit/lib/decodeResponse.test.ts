import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { camelizeKeys } from '../../../src/contract/caseConversion';
import { decodeResponse } from '../../../src/lib/decodeResponse';

describe('decodeResponse', () => {
  it('turns keys ending in At into Dates and keeps calendar days (On) as yyyy-MM-dd strings', () => {
    const decoded = decodeResponse<Record<string, unknown>>({ createdAt: '2026-11-21T16:00:00Z', endedOn: '2026-11-22', name: '2026-11-22' });
    expect(decoded.createdAt).toEqual(new Date('2026-11-21T16:00:00Z'));
    // A Date would be an instant: Japan midnight is 2026-11-21 in New York.
    expect(decoded.endedOn).toBe('2026-11-22');
    expect(decoded.name).toBe('2026-11-22');
  });

  it('keeps any calendar day under an On key as the same string (property)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }), (date) => {
        const day = date.toISOString().slice(0, 10);
        return decodeResponse<{ interimPeriodOn: unknown }>({ interimPeriodOn: day }).interimPeriodOn === day;
      }),
    );
  });

  it('reads date-times without a zone as Japan time', () => {
    expect(decodeResponse<{ loggedAt: Date }>({ loggedAt: '2026-11-22 01:00:00' }).loggedAt).toEqual(new Date('2026-11-21T16:00:00Z'));
  });

  it('keeps null and invalid strings as they are', () => {
    expect(decodeResponse({ deletedOn: null, updatedAt: 'unknown', startedOn: '12' })).toEqual({ deletedOn: null, updatedAt: 'unknown', startedOn: '12' });
  });

  it('turns quantity, orderPoint and *Quantity into numbers', () => {
    expect(decodeResponse({ quantity: '12.5', orderPoint: '3', deltaQuantity: '-2', stockQuantity: 4, minQuantity: null, note: '12' })).toEqual({
      quantity: 12.5,
      orderPoint: 3,
      deltaQuantity: -2,
      stockQuantity: 4,
      minQuantity: null,
      note: '12',
    });
  });

  it('leaves non-numeric quantities as received', () => {
    expect(decodeResponse({ quantity: 'abc', orderPoint: '' })).toEqual({ quantity: 'abc', orderPoint: '' });
  });

  it('works deeply, over arrays and nested records', () => {
    const decoded = decodeResponse<{ logs: { loggedAt: Date; deltaQuantity: number }[]; pharmacy: { license: { expiresOn: string } } }>(
      camelizeKeys({ logs: [{ logged_at: '2026-01-01T00:00:00Z', delta_quantity: '1.5' }], pharmacy: { license: { expires_on: '2027-03-31' } } }),
    );
    expect(decoded.logs[0].loggedAt).toBeInstanceOf(Date);
    expect(decoded.logs[0].deltaQuantity).toBe(1.5);
    expect(decoded.pharmacy.license.expiresOn).toBe('2027-03-31');
  });

  it('does not treat bare "at"/"on" or words like "caption" as date keys', () => {
    expect(decodeResponse({ on: '2026-01-01', caption: '2026-01-01', action: '2026-01-01' })).toEqual({ on: '2026-01-01', caption: '2026-01-01', action: '2026-01-01' });
  });

  it('turns every ISO instant under an *At key into the same instant (property)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }), (date) => {
        const decoded = decodeResponse<{ updatedAt: Date }>({ updatedAt: date.toISOString() });
        return decoded.updatedAt.getTime() === date.getTime();
      }),
    );
  });

  it('turns every numeric string under a quantity key into its number (property)', () => {
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (number) => decodeResponse<{ quantity: number }>({ quantity: String(number) }).quantity === number));
  });
});

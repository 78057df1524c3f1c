import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { buildMicode, isValidMicodeCheckDigit, luhnCheckDigit } from '../../server/services/core/pharmacies/micode';
import { placeName } from '../../server/services/core/seed';
import { onError } from '../../server/shared/errors';
import { parseIfUpdatedSince } from '../../server/shared/freshness';
import { tokyoDate } from '../../server/shared/time';

describe('micode', () => {
  it('computes Luhn check digits', () => {
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(luhnCheckDigit('0')).toBe(0);
  });

  it('uses all 10 digits outside 11-14 and the 7-digit code inside', () => {
    const osaka = buildMicode(27, 12, 3456);
    expect(osaka.slice(0, 9)).toBe('274123456');
    expect(Number(osaka[9])).toBe(luhnCheckDigit('274123456'));
    const tokyo = buildMicode(13, 12, 3456);
    expect(Number(tokyo[9])).toBe(luhnCheckDigit('123456'));
    expect(isValidMicodeCheckDigit(tokyo)).toBe(true);
    expect(isValidMicodeCheckDigit(`${tokyo.slice(0, 9)}${(Number(tokyo[9]) + 1) % 10}`)).toBe(false);
  });
});

describe('helpers', () => {
  it('derives branch names from cities', () => {
    expect(placeName('横浜市港南区')).toBe('港南');
    expect(placeName('旭川市')).toBe('旭川');
    expect(placeName('広島市中区')).toBe('中区');
    expect(placeName('千代田区')).toBe('千代田');
  });

  it('computes today in Asia/Tokyo', () => {
    expect(tokyoDate(new Date('2026-11-21T14:59:59Z'))).toBe('2026-11-21');
    expect(tokyoDate(new Date('2026-11-21T15:00:00Z'))).toBe('2026-11-22');
  });

  it('parses If-Updated-Since in ISO and HTTP-date forms', () => {
    expect(parseIfUpdatedSince('2026-11-21T10:00:00.123Z')).toEqual({ ms: Date.parse('2026-11-21T10:00:00.123Z'), secondsOnly: false });
    expect(parseIfUpdatedSince('Sat, 21 Nov 2026 10:00:00 GMT')).toEqual({ ms: Date.parse('2026-11-21T10:00:00Z'), secondsOnly: true });
    expect(parseIfUpdatedSince('garbage')).toBeUndefined();
  });

  it('answers genuine bugs with a JSON 500 and logs them', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = new Hono();
    app.onError(onError);
    app.get('/boom', () => {
      throw new Error('bug');
    });
    const res = await app.request('/boom');
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ errors: ['サーバーでエラーが発生しました。'] });
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });
});

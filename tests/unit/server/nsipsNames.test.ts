import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  NSIPS_MESSAGES, nsipsFilenameOf, nsipsKey, nsipsNameProblem, nsipsPrefix, tokenBelongsTo,
} from '../../../server/services/core/nsips/names';
import { normaliseKey } from '../../../server/storage/keys';

/** Decodes percent-encoding once, as a router does for a path parameter (malformed stays as it is). */
const decodeOnce = (raw: string) => {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
};

const pieces = fc.constantFrom('..', '.', '/', '\\', '%2e', '%2E', '%2f', '%2F', '%5c', '%25', '%00', 'a', '1', '薬', '_', '-');

describe('nsipsNameProblem', () => {
  it('accepts plain NSIPS file names', () => {
    for (const name of ['20261031093512_0001.csv', '20261031_all.csv', '処方.csv', 'a.b.c', '.hidden']) expect(nsipsNameProblem(name), name).toBeUndefined();
  });

  it('says why a name is refused, in Japanese', () => {
    expect(nsipsNameProblem('')).toBe(NSIPS_MESSAGES.filenameMissing);
    expect(nsipsNameProblem('', { allowEmpty: true })).toBeUndefined();
    expect(nsipsNameProblem('2/x.csv')).toBe(NSIPS_MESSAGES.separator);
    expect(nsipsNameProblem('..\\x')).toBe(NSIPS_MESSAGES.separator);
    expect(nsipsNameProblem('..')).toBe(NSIPS_MESSAGES.dots);
    expect(nsipsNameProblem('.')).toBe(NSIPS_MESSAGES.dots);
    expect(nsipsNameProblem('%2e%2e')).toBe(NSIPS_MESSAGES.encoded);
    expect(nsipsNameProblem('a\u0000')).toBe(NSIPS_MESSAGES.encoded);
    expect(nsipsNameProblem('\ud800')).toBe(NSIPS_MESSAGES.encoded);
    expect(nsipsNameProblem('あ'.repeat(86))).toBe(NSIPS_MESSAGES.tooLong);
  });

  it('never lets a name, decoded once or twice, leave the pharmacy’s prefix', () => {
    fc.assert(
      fc.property(fc.array(pieces, { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 999 }), (parts, pharmacyId) => {
        for (const name of [parts.join(''), decodeOnce(parts.join('')), decodeOnce(decodeOnce(parts.join('')))]) {
          if (nsipsNameProblem(name) !== undefined) continue;
          // An accepted name is one segment: a storage key right under the prefix, and nothing else.
          const key = normaliseKey(nsipsKey(pharmacyId, name));
          expect(key.startsWith(nsipsPrefix(pharmacyId))).toBe(true);
          expect(key.split('/')).toHaveLength(2);
          expect(nsipsFilenameOf(pharmacyId, key)).toBe(name);
        }
      }),
    );
  });

  it('accepts any one-segment name of ordinary characters', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Za-z_\-ぁ-んァ-ン一-龥]{1,60}(\.csv)?$/), (name) => {
        expect(nsipsNameProblem(name)).toBeUndefined();
      }),
    );
  });
});

describe('tokenBelongsTo', () => {
  const token = (key: string) => Buffer.from(key).toString('base64url');

  it('takes a token of the pharmacy’s own listing only', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99999 }), fc.integer({ min: 1, max: 99999 }), fc.stringMatching(/^[0-9_]{1,20}\.csv$/), (own, other, name) => {
        expect(tokenBelongsTo(own, token(`${own}/${name}`))).toBe(true);
        if (other !== own) expect(tokenBelongsTo(own, token(`${other}/${name}`))).toBe(false);
      }),
    );
  });

  it('refuses forged tokens', () => {
    expect(tokenBelongsTo(1, '')).toBe(false);
    expect(tokenBelongsTo(1, 'not a token')).toBe(false);
    expect(tokenBelongsTo(1, token('1/../2/x.csv'))).toBe(false);
    expect(tokenBelongsTo(1, token('1/'))).toBe(false);
    expect(tokenBelongsTo(1, `${token('1/x.csv')}=`)).toBe(false);
    expect(tokenBelongsTo(1, token('10/x.csv'))).toBe(false);
  });
});

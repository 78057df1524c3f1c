import { describe, expect, it } from 'vitest';
import { restoreSummary, sameIds } from '../../../src/customRoutes/develop/restoreSummary';
import { prettyJson } from '../../../src/customRoutes/develop/prettyJson';

describe('sameIds', () => {
  it('ignores order and repeats', () => {
    expect(sameIds([], [])).toBe(true);
    expect(sameIds([3, 1, 2], [1, 2, 3])).toBe(true);
    expect(sameIds([1, 1, 2], [2, 1])).toBe(true);
    expect(sameIds([1], [])).toBe(false);
    expect(sameIds([1, 2], [1, 3])).toBe(false);
    expect(sameIds([10, 2], [2, 10])).toBe(true);
  });
});

describe('restoreSummary', () => {
  it('says whether the identity side was restored', () => {
    expect(restoreSummary({ auth0PharmacyIds: [1], dbPharmacyIds: [1] })).toBe('認証基盤の薬局IDはデータベースと一致していました。');
    expect(restoreSummary({ auth0PharmacyIds: [1, 7], dbPharmacyIds: [1] })).toBe('認証基盤の薬局IDをデータベースの薬局IDで復元しました。');
  });
});

describe('prettyJson', () => {
  it('indents by two spaces and writes dates as ISO strings', () => {
    expect(prettyJson({ a: 1, at: new Date('2024-04-01T00:00:00Z') })).toBe('{\n  "a": 1,\n  "at": "2024-04-01T00:00:00.000Z"\n}');
    expect(prettyJson(undefined)).toBe('undefined');
  });
});

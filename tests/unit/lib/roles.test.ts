import { describe, expect, it } from 'vitest';
import { readPharmacyIds, readRole } from '../../../src/lib/roles';

const ns = 'https://cs-portal.test/';

describe('readRole', () => {
  it('takes the first known role of the roles claim', () => {
    expect(readRole({ [`${ns}roles`]: ['pharmacy'] }, ns)).toBe('pharmacy');
    expect(readRole({ [`${ns}roles`]: ['owner', 'admin', 'pharmacy'] }, ns)).toBe('admin');
    expect(readRole({ [`${ns}roles`]: 'admin' }, ns)).toBe('admin');
  });

  it('makes the identity provider admin attribute admin', () => {
    expect(readRole({ [`${ns}roles`]: ['pharmacy'], [`${ns}app_metadata`]: { admin: true } }, ns)).toBe('admin');
    expect(readRole({ [`${ns}user_metadata`]: { admin: true } }, ns)).toBe('admin');
    expect(readRole({ [`${ns}app_metadata`]: { admin: 'true' } }, ns)).toBeUndefined();
  });

  it('is undefined without a known role, or under another namespace', () => {
    expect(readRole({}, ns)).toBeUndefined();
    expect(readRole({ [`${ns}roles`]: ['owner'] }, ns)).toBeUndefined();
    expect(readRole({ roles: ['admin'] }, ns)).toBeUndefined();
  });
});

describe('readPharmacyIds', () => {
  it('reads app_metadata.pharmacy_ids as numbers', () => {
    expect(readPharmacyIds({ [`${ns}app_metadata`]: { pharmacy_ids: [3, '5', 'x'] } }, ns)).toEqual([3, 5]);
    expect(readPharmacyIds({}, ns)).toEqual([]);
  });
});

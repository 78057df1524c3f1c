import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMove, isAllowed, movesFrom, requestOf, type Membership, type MembershipMove } from '../../../src/resources/pharmacyUsers/permissions';

const membership = fc.constantFrom<Membership>(null, 'read', 'write');
const move = fc.oneof(
  fc.constantFrom<MembershipMove>({ kind: 'leave' }),
  fc.record({ kind: fc.constantFrom('join' as const, 'switch' as const), permission: fc.constantFrom('read' as const, 'write' as const) }),
);

describe('pharmacy user permission moves (spec section 4)', () => {
  it('not belonging offers joining with read or write; a member switches or leaves', () => {
    expect(movesFrom(null)).toEqual([{ kind: 'join', permission: 'read' }, { kind: 'join', permission: 'write' }]);
    expect(movesFrom('read')).toEqual([{ kind: 'switch', permission: 'write' }, { kind: 'leave' }]);
    expect(movesFrom('write')).toEqual([{ kind: 'switch', permission: 'read' }, { kind: 'leave' }]);
  });

  it('property: every allowed move changes the membership, every other move changes nothing', () => {
    fc.assert(
      fc.property(membership, move, (current, m) => {
        const next = applyMove(current, m);
        if (isAllowed(current, m)) expect(next).not.toBe(current);
        else expect(next).toBe(current);
      }),
    );
  });

  it('property: any membership reaches any other in at most two allowed moves', () => {
    fc.assert(
      fc.property(membership, membership, (from, to) => {
        const reachable = new Set<Membership>([from]);
        for (let step = 0; step < 2; step++) {
          for (const state of [...reachable]) for (const m of movesFrom(state)) reachable.add(applyMove(state, m));
        }
        expect(reachable.has(to)).toBe(true);
      }),
    );
  });

  it('property: join and switch are a POST with the new permission, leave a DELETE', () => {
    fc.assert(
      fc.property(membership, (current) => {
        for (const m of movesFrom(current)) {
          const request = requestOf(m);
          const next = applyMove(current, m);
          expect(request).toEqual(next === null ? { method: 'DELETE' } : { method: 'POST', permission: next });
        }
      }),
    );
  });
});

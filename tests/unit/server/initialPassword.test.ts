import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { meetsPasswordPolicy } from '../../../server/identity/management';
import { generateInitialPassword, INITIAL_PASSWORD_LENGTH } from '../../../server/services/core/users/initialPassword';

/** A random source replaying fast-check's draws (each taken modulo the asked range). */
const replay = (draws: number[]) => {
  let next = 0;
  return (max: number) => draws[next++ % draws.length] % max;
};

describe('generateInitialPassword', () => {
  it('property: meets the password policy whatever the random source draws', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 64 }), (draws) => {
        const password = generateInitialPassword(replay(draws));
        expect(password).toHaveLength(INITIAL_PASSWORD_LENGTH);
        expect(meetsPasswordPolicy(password)).toBe(true);
        // No look-alike characters: staff read it off a screen.
        expect(password).not.toMatch(/[Il1O0]/);
      }),
    );
  });

  it('a source that always draws 0 still gives every character class', () => {
    expect(meetsPasswordPolicy(generateInitialPassword(() => 0))).toBe(true);
  });

  it('differs between calls with the real random source', () => {
    const passwords = new Set(Array.from({ length: 50 }, () => generateInitialPassword()));
    expect(passwords.size).toBe(50);
  });
});

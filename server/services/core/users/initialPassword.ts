import { randomInt } from 'node:crypto';

/**
 * Character sets of an initial password (spec section 5's policy: upper case, lower case and
 * digits, symbols only from !@#$%^&*). Letters and digits that read alike (I l 1, O 0) are left
 * out: staff read the password out or type it from a screen.
 */
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SYMBOLS = '!@#$%^&*';
const ALL = UPPER + LOWER + DIGITS + SYMBOLS;

export const INITIAL_PASSWORD_LENGTH = 14;

/** A uniform integer in [0, max). */
export type RandomIndex = (max: number) => number;

/**
 * A new user's initial password: one character of each class, the rest from all of them, then
 * shuffled, so every password meets the policy whatever the random source gives.
 */
export function generateInitialPassword(random: RandomIndex = randomInt): string {
  const pick = (set: string) => set[random(set.length)];
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < INITIAL_PASSWORD_LENGTH) chars.push(pick(ALL));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

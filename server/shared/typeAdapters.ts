import type { z } from '@hono/zod-openapi';

/*
 * The one module where the server states a type TypeScript cannot work out. Elsewhere in server/
 * `as never` and `as unknown as` are lint errors (eslint.config.js); a value whose type can be
 * written is typed instead (a SQL row's shape, a converter, a wider parameter). What is left is
 * one thing: an object built in a loop from a declaration. `Object.fromEntries` answers
 * `{ [k: string]: V }`, so the keys a declaration implies (a master shape's wire keys, a list's
 * filter names) are lost on the way, and so is the zod shape `z.object` infers from that object.
 * The caller states the type its loop builds; tests hold the loop to it at run time
 * (tests/unit/server/masterShape.test.ts, tests/server/list-contract.test.ts).
 */

/**
 * A schema assembled from a declaration's entries (`answerSchema`, `listQuerySchema`): `T` is the
 * schema the entries spell out, which `z.object(Object.fromEntries(...))` cannot infer.
 */
export function declaredSchema<T extends z.ZodType>(schema: z.ZodType): T {
  return schema as unknown as T;
}

/** A record from entries whose keys are a known union (`K`), which `Object.fromEntries` widens to `string`. */
export function declaredRecord<K extends string, V>(entries: Iterable<readonly [string, V]>): Record<K, V> {
  return Object.fromEntries(entries) as Record<K, V>;
}

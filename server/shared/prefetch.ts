import { z } from '@hono/zod-openapi';
import { isBatchCall } from './listLookups';
import { labelled } from './validation';

/**
 * Whether an answer is going before a person's eyes (issue 36): not when the browser fetched it
 * ahead of need (`Sec-Purpose: prefetch`, also `prefetch;prerender`; the older `Purpose: prefetch`)
 * and not when the lookups batch ran it. A read with a side effect that stands for "seen" (a room's
 * messages mark it read) does it only then.
 */
export function shownToPerson(request: Request): boolean {
  if (isBatchCall(request)) return false;
  const purpose = `${request.headers.get('sec-purpose') ?? ''},${request.headers.get('purpose') ?? ''}`;
  return !/(^|[\s,;])prefetch($|[\s,;])/i.test(purpose);
}

/** The request headers `shownToPerson` reads, for a route's OpenAPI document. */
export const prefetchHeaders = z.object({
  'sec-purpose': labelled('先読みの目的', z.string().max(200).optional().openapi({ description: '`prefetch` (ブラウザーの先読み) のときは既読にしない', example: 'prefetch' })),
  purpose: labelled('先読みの目的 (旧)', z.string().max(200).optional().openapi({ description: '`prefetch` のときは既読にしない (Sec-Purpose の旧名)', example: 'prefetch' })),
});

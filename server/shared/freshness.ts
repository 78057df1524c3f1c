import type { Context } from 'hono';

/** Parses an If-Updated-Since header (ISO 8601 or HTTP-date) to epoch ms; undefined if absent or bad. */
export function parseIfUpdatedSince(value: string | undefined): { ms: number; secondsOnly: boolean } | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return undefined;
  // HTTP-dates (and ISO without milliseconds) only have second precision.
  const secondsOnly = !/\.\d+/.test(value);
  return { ms, secondsOnly };
}

/**
 * Sets `x-last-updated` and answers 304 (no body) when the client's If-Updated-Since is at or
 * after the last change. Returns the 304 response or undefined to continue.
 */
export function checkFreshness(c: Context, lastUpdated: string | undefined): Response | undefined {
  if (!lastUpdated) return undefined;
  c.header('x-last-updated', lastUpdated);
  const since = parseIfUpdatedSince(c.req.header('if-updated-since'));
  if (!since) return undefined;
  let last = Date.parse(lastUpdated);
  if (since.secondsOnly) last = Math.floor(last / 1000) * 1000;
  if (last <= since.ms) return c.body(null, 304);
  return undefined;
}

export function maxIso(...values: (string | undefined | null)[]): string | undefined {
  let best: string | undefined;
  for (const v of values) if (v && (!best || v > best)) best = v;
  return best;
}

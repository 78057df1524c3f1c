import type { Context } from 'hono';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type BodyEncoding = 'br' | 'gzip';

/** Smaller bodies go as they are: compressing them saves less than the header costs. */
export const MIN_COMPRESSED_BYTES = 1024;

/** Brotli's middle quality: within a few per cent of quality 11 on JSON pages, in a tenth of the time. */
const BROTLI_QUALITY = 5;

/**
 * The encoding to answer in, from a request's Accept-Encoding: brotli, else gzip, else none.
 * An encoding listed with q=0 is refused, and `*` stands for any encoding not listed.
 */
export function chooseEncoding(acceptEncoding: string | undefined): BodyEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param)).find(Boolean);
    const weight = q ? Number(q[1]) : 1;
    weights.set(token.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (encoding: BodyEncoding) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

/**
 * A response body kept with its compressed forms, each made once on first need: list pages are
 * cached as rendered (server/db/list.ts), so a page read again is never compressed again.
 */
export class CompressibleBody {
  private readonly encoded = new Map<BodyEncoding, Uint8Array<ArrayBuffer>>();

  /** The text as UTF-8, encoded once: a 12 KB page is not re-encoded (and re-allocated) per request. */
  readonly plain: Uint8Array<ArrayBuffer>;

  constructor(readonly text: string) {
    this.plain = new TextEncoder().encode(text);
  }

  get bytes() {
    return this.plain.byteLength;
  }

  as(encoding: BodyEncoding): Uint8Array<ArrayBuffer> {
    let body = this.encoded.get(encoding);
    if (!body) {
      const source = this.plain;
      const compressed =
        encoding === 'br'
          ? brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } })
          : gzipSync(source, { level: 6 });
      // A copy of its own: zlib's buffers may share a pooled ArrayBuffer.
      body = new Uint8Array(compressed);
      this.encoded.set(encoding, body);
    }
    return body;
  }
}

/** Answers `body` compressed as the client accepts (and it is worth it), else as text. */
export function sendCompressible(c: Context, body: CompressibleBody, contentType = 'application/json'): Response {
  c.header('vary', 'Accept-Encoding', { append: true });
  const encoding = body.bytes >= MIN_COMPRESSED_BYTES ? chooseEncoding(c.req.header('accept-encoding')) : undefined;
  if (!encoding) return c.body(body.plain, 200, { 'content-type': contentType });
  return c.body(body.as(encoding), 200, { 'content-type': contentType, 'content-encoding': encoding });
}

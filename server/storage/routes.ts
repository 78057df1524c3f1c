import { Hono, type Context } from 'hono';
import { Readable } from 'node:stream';
import { MESSAGES, onError } from '../shared/errors';
import { StorageError } from '../shared/storage';
import { mediaTypeOf } from './fileBytes';
import { keyFromRawPath, STORAGE_MESSAGES } from './keys';
import type { LocalStorage } from './local';
import { PARAM, verifySignature, type Grant } from './signing';

type Refusal = 400 | 403 | 404 | 409 | 413 | 415;

class Refused extends Error {
  constructor(
    readonly status: Refusal,
    message: string,
  ) {
    super(message);
  }
}

const refuse = (c: Context, status: Refusal, message: string) => c.json({ errors: [message] }, status);

/** The bucket and key of a request, from its raw (still percent-encoded) path. */
function target(c: Context, storage: LocalStorage): { bucket: string; key: string } {
  const path = new URL(c.req.url).pathname;
  const tail = path.startsWith(`${storage.mount}/`) ? path.slice(storage.mount.length + 1) : '';
  const slash = tail.indexOf('/');
  if (slash < 1) throw new Refused(404, STORAGE_MESSAGES.badBucket);
  const bucket = tail.slice(0, slash);
  storage.checkBucket(bucket);
  return { bucket, key: keyFromRawPath(tail.slice(slash + 1)) };
}

/** Checks the signature first, then the expiry, so a moved expiry reads as a bad signature. */
function checkGrant(c: Context, storage: LocalStorage, grant: Omit<Grant, 'expires'>): Grant {
  const signature = c.req.query(PARAM.signature);
  const expiresText = c.req.query(PARAM.expires) ?? '';
  const expires = /^\d{1,12}$/.test(expiresText) ? Number(expiresText) : NaN;
  const full = { ...grant, expires };
  if (!signature || Number.isNaN(expires) || !verifySignature(storage.secret, full, signature)) {
    throw new Refused(403, STORAGE_MESSAGES.signature);
  }
  if (storage.now().getTime() > expires * 1000) throw new Refused(403, STORAGE_MESSAGES.expired);
  return full;
}

/**
 * An upload's body as its chunks. Under Node's server (@hono/node-server) that is the request's own
 * stream, its chunks as they came off the socket: the web stream the server makes of it
 * (Readable.toWeb) copies every chunk, and 16 uploads of 10 MB at once made the request thread
 * collect that garbage in pauses of 30-40 ms (issue 36 item 3). Elsewhere (a test's
 * `app.request`), the request's web stream. Nothing before this reads an upload's body.
 */
function requestBody(c: Context): AsyncIterable<Uint8Array> | null {
  const incoming: unknown = (c.env as { incoming?: unknown } | undefined)?.incoming;
  if (incoming instanceof Readable) return incoming;
  const body = c.req.raw.body;
  return body && chunksOf(body);
}

async function* chunksOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  let done = false;
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) {
        done = true;
        return;
      }
      yield next.value;
    }
  } finally {
    if (!done) await reader.cancel().catch(() => undefined);
  }
}

function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * `GET|HEAD|PUT {mount}/{bucket}/{key}`: a presigned URL's other half. Answers 400 (bad key),
 * 403 (signature or expiry), 404, 409 (key clash), 413 (size), 415 (a type the link does not take,
 * or bytes that are not what the Content-Type says), each with a
 * Japanese `{"errors": [...]}`. Objects are served with `nosniff` and a sandboxing CSP, so an
 * uploaded HTML file cannot run in the portal's origin.
 */
export function createStorageRoutes(storage: LocalStorage): Hono {
  const app = new Hono();

  app.on(['GET', 'HEAD'], '/*', (c) => {
    const { bucket, key } = target(c, storage);
    const signed = c.req.query(PARAM.signature) !== undefined;
    let filename: string | undefined;
    if (signed || !storage.isPublic(bucket)) {
      filename = c.req.query(PARAM.filename);
      checkGrant(c, storage, { method: 'GET', mount: storage.mount, bucket, key, filename });
    }
    const object = storage.get(bucket, key);
    if (!object) throw new Refused(404, MESSAGES.notFound);
    c.header('content-type', object.contentType);
    c.header('last-modified', object.lastModified.toUTCString());
    c.header('x-content-type-options', 'nosniff');
    c.header('content-security-policy', "default-src 'none'; sandbox");
    c.header('cache-control', signed ? 'private, no-store' : 'public, max-age=300');
    if (filename !== undefined) c.header('content-disposition', contentDisposition(filename));
    c.header('content-length', String(object.body.length));
    if (c.req.method === 'HEAD') return c.body(null, 200);
    return c.body(new Uint8Array(object.body), 200);
  });

  app.put('/*', async (c) => {
    const { bucket, key } = target(c, storage);
    const typesText = c.req.query(PARAM.contentTypes);
    const maxText = c.req.query(PARAM.maxBytes) ?? '';
    const maxBytes = /^\d{1,12}$/.test(maxText) ? Number(maxText) : NaN;
    if (typesText === undefined || Number.isNaN(maxBytes)) throw new Refused(403, STORAGE_MESSAGES.signature);
    const allowed = typesText.split(',');
    checkGrant(c, storage, { method: 'PUT', mount: storage.mount, bucket, key, contentTypes: allowed, maxBytes });
    // The link names the kinds of file it takes; the PUT's Content-Type says which one this is, and is what the object keeps.
    const contentType = mediaTypeOf(c.req.header('content-type') ?? '');
    if (!allowed.includes(contentType)) throw new Refused(415, STORAGE_MESSAGES.typeRefused(allowed));
    const declared = c.req.header('content-length');
    if (declared !== undefined && Number(declared) > maxBytes) throw new Refused(413, STORAGE_MESSAGES.tooLarge(maxBytes));
    // Streamed to disk, counted as it comes: one byte more than signed is a 413, whatever Content-Length said.
    const outcome = await storage.putStream(bucket, key, requestBody(c), contentType, maxBytes);
    if (outcome === 'tooLarge') throw new Refused(413, STORAGE_MESSAGES.tooLarge(maxBytes));
    if (outcome === 'refused') throw new Refused(415, STORAGE_MESSAGES.notThatType(contentType));
    return c.body(null, 200);
  });

  app.onError((err, c) => {
    if (err instanceof Refused || err instanceof StorageError) return refuse(c, err.status, err.message);
    return onError(err, c);
  });
  return app;
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** What a presigned URL grants: one method on one object until a time, with its conditions. */
export interface Grant {
  method: 'GET' | 'PUT';
  /** The storage mount, `/storage` or `/demo/storage`: a URL of one environment fails in the other. */
  mount: string;
  bucket: string;
  key: string;
  /** Unix seconds. */
  expires: number;
  /** The media types a PUT may carry (one of them, as its Content-Type); what it sends is stored with the object. */
  contentTypes?: readonly string[];
  maxBytes?: number;
  filename?: string;
}

/** Query parameters of a presigned URL (named after S3's `X-Amz-*`). */
export const PARAM = {
  expires: 'X-Expires',
  contentTypes: 'X-Content-Types',
  maxBytes: 'X-Max-Bytes',
  filename: 'X-Filename',
  signature: 'X-Signature',
} as const;

/** The signing key, 32 random bytes made on first start and kept in DATA_DIR (mode 0600). */
export function loadStorageSecret(file: string): Buffer {
  if (existsSync(file)) return readFileSync(file);
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32);
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return secret;
}

// A JSON array, so no field's content can shift into another (no delimiter ambiguity).
const canonical = (g: Grant) =>
  JSON.stringify([g.method, g.mount, g.bucket, g.key, g.expires, g.contentTypes ?? null, g.maxBytes ?? null, g.filename ?? null]);

export function sign(secret: Buffer, grant: Grant): string {
  return createHmac('sha256', secret).update(canonical(grant)).digest('base64url');
}

export function verifySignature(secret: Buffer, grant: Grant, signature: string): boolean {
  const expected = Buffer.from(sign(secret, grant));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The grant's query string (without the leading `?`). */
export function grantQuery(secret: Buffer, grant: Grant): string {
  const q = new URLSearchParams();
  q.set(PARAM.expires, String(grant.expires));
  if (grant.contentTypes !== undefined) q.set(PARAM.contentTypes, grant.contentTypes.join(','));
  if (grant.maxBytes !== undefined) q.set(PARAM.maxBytes, String(grant.maxBytes));
  if (grant.filename !== undefined) q.set(PARAM.filename, grant.filename);
  q.set(PARAM.signature, sign(secret, grant));
  return q.toString();
}

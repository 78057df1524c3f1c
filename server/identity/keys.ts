import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { exportJWK, type JWK } from 'jose';
import type { DB } from '../db/open';

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

/** Loads the RSA signing key from the identity DB, generating (and persisting) it on first start. */
export function loadSigningKey(db: DB): SigningKey {
  let row = db.prepare('SELECT kid, private_pem, public_pem FROM signing_keys ORDER BY created_at DESC LIMIT 1').get() as
    | { kid: string; private_pem: string; public_pem: string }
    | undefined;
  if (!row) {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const kid = createHash('sha256').update(publicPem).digest('base64url').slice(0, 22);
    row = { kid, private_pem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), public_pem: publicPem };
    db.prepare('INSERT INTO signing_keys (kid, private_pem, public_pem, created_at) VALUES (@kid, @private_pem, @public_pem, @at)').run({
      ...row, at: new Date().toISOString(),
    });
  }
  return { kid: row.kid, privateKey: createPrivateKey(row.private_pem), publicKey: createPublicKey(row.public_pem) };
}

export async function publicJwk(key: SigningKey): Promise<JWK> {
  const jwk = await exportJWK(key.publicKey);
  return { ...jwk, kid: key.kid, alg: 'RS256', use: 'sig' };
}

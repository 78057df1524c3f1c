import { generateKeyPair, SignJWT, type JWTPayload } from 'jose';

/** Real signed JWTs for tests; the SPA only decodes them, so one key pair serves all. */
let keys: ReturnType<typeof generateKeyPair> | undefined;

export const NAMESPACE = 'https://cs-portal.test/';

export const makeJwt = async (claims: JWTPayload, { expiresAt }: { expiresAt?: number } = {}): Promise<string> => {
  keys ??= generateKeyPair('ES256');
  const { privateKey } = await keys;
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: 'test' }).setIssuedAt();
  if (expiresAt !== undefined) jwt.setExpirationTime(Math.floor(expiresAt / 1000));
  return jwt.sign(privateKey);
};

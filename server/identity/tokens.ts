import { SignJWT } from 'jose';
import { avatarDataUri } from './avatar';
import type { IdentityUserRow } from './db';
import type { SigningKey } from './keys';
import { auth0Sub } from './users';

export const TOKEN_LIFETIME_SECONDS = 3600;

export interface IssueOptions {
  key: SigningKey;
  issuer: string;
  audience: string;
  clientId: string;
  scope: string;
  claimNamespace: string;
  now: Date;
  /** The sign-in session (sessions.ts): both tokens carry it as `sid`, and every API request checks it is not revoked. */
  sessionId: string;
  /** The authorization request's nonce (redirect sign-in): the SDK checks the id_token repeats it. */
  nonce?: string;
}

export function customClaims(user: IdentityUserRow, ns: string): Record<string, unknown> {
  const pharmacyIds = JSON.parse(user.pharmacy_ids) as number[];
  const appMetadata: Record<string, unknown> = { pharmacy_ids: pharmacyIds };
  if (user.role === 'admin') appMetadata.admin = true;
  return { [`${ns}roles`]: [user.role], [`${ns}app_metadata`]: appMetadata };
}

export function profile(user: IdentityUserRow) {
  return {
    sub: auth0Sub(user.id),
    name: user.name,
    email: user.email,
    picture: avatarDataUri(user.id, user.name),
    email_verified: user.email_verified === 1,
  };
}

/** Signs the access token (aud = API audience) and the id_token (aud = client id), both RS256. */
export async function issueTokens(user: IdentityUserRow, o: IssueOptions) {
  const iat = Math.floor(o.now.getTime() / 1000);
  const exp = iat + TOKEN_LIFETIME_SECONDS;
  const claims = customClaims(user, o.claimNamespace);
  const header = { alg: 'RS256', typ: 'JWT', kid: o.key.kid };
  // Both tokens share issuer, subject and lifetime; they differ in claims and audience.
  const sign = (payload: Record<string, unknown>, audience: string) =>
    new SignJWT(payload)
      .setProtectedHeader(header)
      .setIssuer(o.issuer)
      .setSubject(auth0Sub(user.id))
      .setAudience(audience)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(o.key.privateKey);
  const { sub: _sub, ...info } = profile(user);
  const accessToken = await sign({ ...claims, sid: o.sessionId, scope: o.scope, azp: o.clientId }, o.audience);
  const idToken = await sign({ ...claims, ...info, sid: o.sessionId, ...(o.nonce !== undefined && { nonce: o.nonce }) }, o.clientId);
  return { accessToken, idToken };
}

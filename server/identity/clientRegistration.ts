/**
 * The portal's registration at the identity provider, as Auth0 keeps it per application: the
 * origins it runs on give its one callback URL each (`{origin}/login`, where the SPA completes the
 * sign-in) and the places `/v2/logout` may send the browser back to.
 */
export const CALLBACK_PATH = '/login';

export interface ClientRegistration {
  clientId: string;
  /** Exact origins (`scheme://host[:port]`) the SPA is served from. */
  origins: string[];
}

/** An origin exactly as written (`http://127.0.0.1:3000`), else undefined. */
const asOrigin = (value: string): string | undefined => {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value ? url.origin : undefined;
  } catch {
    return undefined;
  }
};

/**
 * env CLIENT_ORIGINS: comma-separated origins the SPA is served from. By default the issuer's
 * origin: the reference API serves the SPA itself, and the issuer is its public URL.
 */
export function clientOrigins(value = process.env.CLIENT_ORIGINS ?? '', issuerUrl: string): string[] {
  const listed = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  if (listed.length === 0) return [new URL(issuerUrl).origin];
  return listed.map((entry) => {
    const origin = asOrigin(entry);
    if (!origin) throw new Error(`CLIENT_ORIGINS: not an origin (scheme://host[:port], no path): ${entry}`);
    return origin;
  });
}

export const callbackUrls = (client: ClientRegistration) => client.origins.map((origin) => `${origin}${CALLBACK_PATH}`);

/** OAuth 2.0 Security BCP: the redirect_uri is compared as a whole string, never by prefix or pattern. */
export const isRegisteredCallback = (client: ClientRegistration, redirectUri: string) => callbackUrls(client).includes(redirectUri);

/** `/v2/logout?returnTo=`: any page of a registered origin (no other scheme, no look-alike host). */
export function isAllowedReturnTo(client: ClientRegistration, returnTo: string): boolean {
  try {
    const url = new URL(returnTo);
    return url.username === '' && url.password === '' && client.origins.includes(url.origin);
  } catch {
    return false;
  }
}

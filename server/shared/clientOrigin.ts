import type { Context } from 'hono';
import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

/**
 * Who sent a request and whether it came over HTTPS. The socket's peer is the truth; proxy
 * headers (X-Forwarded-For, X-Forwarded-Proto) are believed only when that peer is one of the
 * configured trusted proxies (env TRUSTED_PROXIES), since anyone else can write them.
 */
export interface ClientOrigin {
  /** The client's address: the peer, or behind trusted proxies the nearest untrusted hop they report. */
  address: string;
  /** TLS to us directly, or a trusted proxy says the client used https. */
  https: boolean;
}

/** IPv4 peers of a dual-stack socket read `::ffff:192.0.2.1`; configured addresses are written plainly. */
const normalise = (address: string) => {
  const trimmed = address.trim().toLowerCase();
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/.test(trimmed) ? trimmed.slice(7) : trimmed;
};

/** env TRUSTED_PROXIES: comma-separated IP addresses of the reverse proxies in front of the server (none by default). */
export function trustedProxies(value = process.env.TRUSTED_PROXIES ?? ''): string[] {
  return value
    .split(',')
    .map(normalise)
    .filter((address) => {
      if (!address) return false;
      if (isIP(address) === 0) throw new Error(`TRUSTED_PROXIES: not an IP address: ${address}`);
      return true;
    });
}

/** The peer as the socket saw it; 'local' for in-process requests (tests' `app.request`). */
function peerOf(c: Context): string {
  const address = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress;
  return address ? normalise(address) : 'local';
}

export function clientOrigin(c: Context, trusted: readonly string[]): ClientOrigin {
  const peer = peerOf(c);
  const direct = { address: peer, https: new URL(c.req.url).protocol === 'https:' };
  if (!trusted.includes(peer)) return direct;
  // X-Forwarded-For lists the hops, client first; each proxy appends the address it saw. Walk back
  // from our peer through trusted proxies: the first hop that is not one is the client.
  let address = peer;
  const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map(normalise).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    if (isIP(hops[i]) === 0) break; // a forged or garbled entry: keep the last hop we could vouch for
    address = hops[i];
    if (!trusted.includes(hops[i])) break;
  }
  // The last value is what our own (trusted) peer saw; earlier ones came from further away.
  const proto = (c.req.header('x-forwarded-proto') ?? '').split(',').at(-1)!.trim().toLowerCase();
  return { address, https: direct.https || proto === 'https' };
}

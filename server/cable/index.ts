import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { Cable, CableChannel, CableParams } from '../shared/cable';
import { currentPrincipal, verifyAccessToken, type AuthSettings, type Principal } from '../shared/auth';
import { parseClientFrame, type ClientFrame } from './frames';

export const CABLE_PROTOCOL = 'actioncable-v1-json';
export const PING_INTERVAL_MS = 3000;
/** Client frames are a few hundred bytes; anything bigger is an attack. */
export const MAX_PAYLOAD_BYTES = 64 * 1024;
/** Frames kept while the token is being verified; more before the welcome is abuse. */
const MAX_PENDING_FRAMES = 32;
const MAX_SUBSCRIPTIONS = 100;
/** RFC 6455: 1003 unsupported data (binary), 1008 policy violation (a frame of the wrong shape). */
const CLOSE_UNSUPPORTED = 1003;
const CLOSE_POLICY = 1008;
/** How long a refused client gets to answer our close frame before its socket is cut (ws waits 30 s). */
const CLOSE_GRACE_MS = 500;
/** A client this far behind on reading its broadcasts is cut rather than buffered without end. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** Runs `run` after `delayMs` and returns its cancel; tests pass a scheduler they fire by hand. */
export type Schedule = (run: () => void, delayMs: number) => () => void;

/** Real timers; a delay beyond setTimeout's range (about 24.8 days) is waited out in steps. */
export const realSchedule: Schedule = (run, delayMs) => {
  const MAX_DELAY = 2 ** 31 - 1;
  let timer: NodeJS.Timeout;
  const wait = (remaining: number) => {
    timer = setTimeout(() => (remaining > MAX_DELAY ? wait(remaining - MAX_DELAY) : run()), Math.min(remaining, MAX_DELAY));
    timer.unref();
  };
  wait(Math.max(0, delayMs));
  return () => clearTimeout(timer);
};

export interface CableServerOptions {
  now: () => Date;
  pingIntervalMs?: number;
  /** When pings go out and a connection's token expiry is checked (real timers by default). */
  schedule?: Schedule;
}

/** One endpoint (`/cable`, `/demo/cable`): its channels and its streams. */
export interface CableEndpoint extends Cable {
  readonly path: string;
}

/** One open connection, as the endpoint's broadcasts and rechecks see it. */
interface Connection {
  /** The token's principal as of now, or undefined when it is no longer honoured (expired, revoked session, gone user). */
  current(): Principal | undefined;
  /** Tells the client unauthorized (it may come back with a renewed token) and closes. */
  unauthorized(): void;
  /** Judges the token and every subscription again, closing the connection if any lost its right. */
  recheck(): void;
}

interface Subscription {
  ws: WebSocket;
  connection: Connection;
  identifier: string;
  params: CableParams;
  principal: Principal;
  streams: string[];
}

const frame = (data: Record<string, unknown>) => JSON.stringify(data);

function send(ws: WebSocket, text: string): void {
  if (ws.readyState !== ws.OPEN) return;
  if (ws.bufferedAmount > MAX_BUFFERED_BYTES) ws.terminate();
  else ws.send(text);
}

function createEndpoint(path: string, auth: AuthSettings, options: Required<CableServerOptions>) {
  const channels = new Map<string, CableChannel>();
  const streams = new Map<string, Set<Subscription>>();
  // Open connections by the token's sub, for `recheckUser`.
  const bySub = new Map<string, Set<Connection>>();

  /** The streams the channel grants these params for `who` now; null when it refuses (or throws). */
  const grantedStreams = (params: CableParams, who: Principal): string[] | null => {
    try {
      const granted = channels.get(params.channel as string)?.subscribe(params, who);
      return Array.isArray(granted) ? granted.map(String) : null;
    } catch {
      return null;
    }
  };

  const listen = (sub: Subscription) => {
    for (const stream of sub.streams) {
      let subs = streams.get(stream);
      if (!subs) streams.set(stream, (subs = new Set()));
      subs.add(sub);
    }
  };
  const unlisten = (sub: Subscription) => {
    for (const stream of sub.streams) {
      const subs = streams.get(stream);
      subs?.delete(sub);
      if (subs?.size === 0) streams.delete(stream);
    }
  };

  const endpoint: CableEndpoint = {
    path,
    registerChannel(name, channel) {
      if (channels.has(name)) throw new Error(`cable channel ${name} is already registered on ${path}`);
      channels.set(name, channel);
    },
    broadcast(stream, message) {
      const subs = streams.get(stream);
      if (!subs) return;
      const json = JSON.stringify(message);
      // Each subscriber's right is judged as of this broadcast (its token's session, the user's
      // pharmacies, the channel's rule), synchronously with the send: whatever ended a right (a
      // removal, a password change, a replayed refresh token), nothing more reaches it. One
      // judgement of the token per connection, however many of its subscriptions listen.
      const principals = new Map<Connection, Principal | undefined>();
      for (const sub of [...subs]) {
        if (!principals.has(sub.connection)) principals.set(sub.connection, sub.connection.current());
        const who = principals.get(sub.connection);
        if (!who || !grantedStreams(sub.params, who)?.includes(stream)) {
          sub.connection.unauthorized();
          continue;
        }
        // Built by hand so the message is serialised once, whatever the number of subscribers.
        send(sub.ws, `{"identifier":${JSON.stringify(sub.identifier)},"message":${json}}`);
      }
    },
    listening(stream) {
      return (streams.get(stream)?.size ?? 0) > 0;
    },
    recheckUser(sub) {
      for (const connection of [...(bySub.get(sub) ?? [])]) connection.recheck();
    },
  };

  /** Serves one connection; every listener is on before the first frame can arrive. */
  const serve = (ws: WebSocket, url: URL) => {
    const pending: string[] = [];
    const subscriptions = new Map<string, Subscription>();
    let principal: Principal | undefined;
    let cancelPing: (() => void) | undefined;
    let cancelExpiry: (() => void) | undefined;

    let cut: NodeJS.Timeout | undefined;
    const cutSoon = () => {
      cut ??= setTimeout(() => ws.terminate(), CLOSE_GRACE_MS);
      cut.unref();
    };
    const refuse = (code: number) => {
      send(ws, frame({ type: 'disconnect', reason: 'invalid_request', reconnect: false }));
      ws.close(code);
      cutSoon();
    };

    // The token was checked once, at the handshake; the connection lives no longer than it does.
    // The client may come back (reconnect: true) with a fresh token: a consumer whose URL is a
    // function reads the renewed one, while one still holding the old token is refused for good.
    const watchExpiry = (expiresAtMs: number) => {
      cancelExpiry = options.schedule(() => {
        const remaining = expiresAtMs - options.now().getTime();
        if (remaining > 0) return watchExpiry(expiresAtMs); // the clock has not reached it yet
        send(ws, frame({ type: 'disconnect', reason: 'unauthorized', reconnect: true }));
        ws.close();
        cutSoon();
      }, expiresAtMs - options.now().getTime());
    };

    // Rights change under a live connection (a removal from a pharmacy, a password change, a
    // revoked session): the token is judged again on every subscribe, broadcast and ping, as a
    // request would be, and at once when the identity store or core says the user's rights
    // changed (`recheckUser`). A refused token is disconnected (its holder may come back with a
    // renewed one); a subscription the user may no longer hold drops the connection too, so the
    // client's resubscribe is judged afresh.
    const token = url.searchParams.get('token') ?? '';
    const stillAllowed = (): Principal | undefined => {
      try {
        return currentPrincipal(token, auth);
      } catch {
        return undefined;
      }
    };
    const connection: Connection = {
      current: stillAllowed,
      unauthorized() {
        if (ws.readyState !== ws.OPEN) return;
        send(ws, frame({ type: 'disconnect', reason: 'unauthorized', reconnect: true }));
        ws.close();
        cutSoon();
      },
      recheck() {
        if (!principal || ws.readyState !== ws.OPEN) return;
        // An expired token is the expiry watch's to end (it says so at the exact time).
        if (principal.expiresAt * 1000 <= options.now().getTime()) return;
        const fresh = stillAllowed();
        if (!fresh) return connection.unauthorized();
        for (const sub of subscriptions.values()) {
          const granted = grantedStreams(sub.params, fresh);
          const same = granted !== null && granted.length === sub.streams.length && granted.every((stream) => sub.streams.includes(stream));
          if (!same) return connection.unauthorized();
        }
      },
    };
    const { unauthorized } = connection;

    const subscribe = (f: ClientFrame, connected: Principal) => {
      const { identifier } = f;
      if (subscriptions.has(identifier)) return; // duplicate: ignored
      const now = options.now().getTime();
      const who = connected.expiresAt * 1000 <= now ? connected : stillAllowed();
      if (!who) return unauthorized();
      const listenTo = channels.has(f.params.channel) && subscriptions.size < MAX_SUBSCRIPTIONS ? grantedStreams(f.params, who) : null;
      if (listenTo === null) {
        send(ws, frame({ identifier, type: 'reject_subscription' }));
        return;
      }
      const sub: Subscription = { ws, connection, identifier, params: f.params, principal: who, streams: [...new Set(listenTo)] };
      subscriptions.set(identifier, sub);
      listen(sub); // live before the confirm, so no broadcast falls between
      send(ws, frame({ identifier, type: 'confirm_subscription' }));
    };

    const handle = (text: string, who: Principal) => {
      const f = parseClientFrame(text);
      if (!f) return refuse(CLOSE_POLICY);
      if (f.command === 'subscribe') return subscribe(f, who);
      const sub = subscriptions.get(f.identifier);
      if (!sub) return; // unsubscribe or perform on nothing: ignored, as Rails logs and carries on
      if (f.command === 'unsubscribe') {
        unlisten(sub);
        subscriptions.delete(f.identifier);
        return;
      }
      try {
        channels.get(sub.params.channel as string)?.perform?.(f.action, f.data, sub);
      } catch (e) {
        console.error(`[cable] ${path} ${f.identifier} perform ${f.action}:`, e);
      }
    };

    // Registered before any frame can arrive: without it, one protocol error (unmasked frame,
    // invalid UTF-8, reserved opcode, RSV1, too long, fragmented ping, close code 999) is an
    // uncaught 'error' that ends the process. ws has already sent the close code it implies.
    ws.on('error', cutSoon);
    ws.on('close', () => {
      clearTimeout(cut);
      cancelPing?.();
      cancelExpiry?.();
      for (const sub of subscriptions.values()) unlisten(sub);
      subscriptions.clear();
      if (principal) {
        const open = bySub.get(principal.sub);
        open?.delete(connection);
        if (open?.size === 0) bySub.delete(principal.sub);
      }
    });
    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) return refuse(CLOSE_UNSUPPORTED);
      const text = data.toString();
      if (principal) return handle(text, principal);
      if (pending.length >= MAX_PENDING_FRAMES) return refuse(CLOSE_POLICY);
      pending.push(text);
    });

    verifyAccessToken(token, auth).then(
      (who) => {
        if (ws.readyState !== ws.OPEN) return;
        principal = who;
        let open = bySub.get(who.sub);
        if (!open) bySub.set(who.sub, (open = new Set()));
        open.add(connection);
        send(ws, frame({ type: 'welcome' }));
        watchExpiry(who.expiresAt * 1000);
        const ping = () => {
          cancelPing = options.schedule(() => {
            send(ws, frame({ type: 'ping', message: Math.floor(options.now().getTime() / 1000) }));
            connection.recheck();
            ping();
          }, options.pingIntervalMs);
        };
        ping();
        for (const text of pending.splice(0)) {
          if (ws.readyState !== ws.OPEN) break;
          handle(text, who);
        }
      },
      () => {
        send(ws, frame({ type: 'disconnect', reason: 'unauthorized', reconnect: false }));
        ws.close();
        cutSoon();
      },
    );
  };

  return { endpoint, serve };
}

export interface CableServer {
  /** Creates the endpoint at `path` (`{prefix}/cable`), verifying tokens with that environment's settings. */
  endpoint(path: string, auth: AuthSettings): CableEndpoint;
  /** `recheckUser` on every endpoint: the identity store ended sessions of this user. */
  recheckUser(sub: string): void;
  attach(server: Server): void;
  close(): void;
}

/**
 * ActionCable (actioncable-v1-json) over `ws` with `noServer`: token in `?token=`, welcome,
 * pings, unauthorized disconnect, reject_subscription for unknown channels, the identifier
 * echoed as the exact string the client sent, and `stream_from` broadcasting. A hostile frame
 * (protocol error, over 64 KiB, binary, not a command) closes that connection only.
 */
export function createCableServer(options: CableServerOptions): CableServer {
  // `??`, not a spread: an option passed as undefined (app.ts forwards its own) keeps the default.
  const settings: Required<CableServerOptions> = {
    now: options.now,
    pingIntervalMs: options.pingIntervalMs ?? PING_INTERVAL_MS,
    schedule: options.schedule ?? realSchedule,
  };
  const endpoints = new Map<string, ReturnType<typeof createEndpoint>>();
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_PAYLOAD_BYTES,
    perMessageDeflate: false,
    handleProtocols: (protocols) => (protocols.has(CABLE_PROTOCOL) ? CABLE_PROTOCOL : false),
  });
  // A malformed handshake is answered 400 by ws itself (no 'wsClientError' listener on purpose).
  wss.on('error', () => {});

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
      return;
    }
    const target = endpoints.get(url.pathname);
    if (!target) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => target.serve(ws, url));
  };

  return {
    endpoint(path, auth) {
      if (endpoints.has(path)) throw new Error(`cable endpoint ${path} already exists`);
      const created = createEndpoint(path, auth, settings);
      endpoints.set(path, created);
      return created.endpoint;
    },
    recheckUser(sub) {
      for (const { endpoint } of endpoints.values()) endpoint.recheckUser(sub);
    },
    attach(server) {
      server.on('upgrade', onUpgrade);
    },
    close() {
      // As Rails on restart: clients are told to come back (best effort, the process is ending).
      for (const ws of wss.clients) {
        send(ws, frame({ type: 'disconnect', reason: 'server_restart', reconnect: true }));
        ws.terminate();
      }
      wss.close();
    },
  };
}

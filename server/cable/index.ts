import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { verifyAccessToken, type AuthSettings, type Principal } from '../shared/auth';

export const CABLE_PROTOCOL = 'actioncable-v1-json';
export const PING_INTERVAL_MS = 3000;

/** A channel decides whether a subscription is accepted; none exist yet. */
export interface CableChannel {
  subscribe(params: Record<string, unknown>, principal: Principal): boolean;
}

export interface CableOptions {
  auth: AuthSettings;
  /** Endpoint paths, e.g. `/cable` and `/demo/cable`, each with its channels. */
  endpoints: Record<string, Map<string, CableChannel>>;
}

const frame = (data: Record<string, unknown>) => JSON.stringify(data);

/**
 * ActionCable (actioncable-v1-json) over `ws` with `noServer`: token in `?token=`, welcome,
 * pings every 3 s, unauthorized disconnect, reject_subscription for unknown channels and the
 * identifier echoed as the exact string the client sent.
 */
export function createCable(options: CableOptions) {
  const wss = new WebSocketServer({
    noServer: true,
    handleProtocols: (protocols) => (protocols.has(CABLE_PROTOCOL) ? CABLE_PROTOCOL : false),
  });

  const onConnection = async (ws: WebSocket, url: URL, channels: Map<string, CableChannel>) => {
    const pending: string[] = [];
    let principal: Principal | undefined;
    const subscriptions = new Set<string>();

    const handle = (raw: string) => {
      let msg: { command?: unknown; identifier?: unknown };
      try {
        msg = JSON.parse(raw);
      } catch {
        return;
      }
      if (typeof msg.identifier !== 'string') return;
      const identifier = msg.identifier;
      if (msg.command === 'subscribe') {
        if (subscriptions.has(identifier)) return; // duplicate subscribe is ignored
        let params: Record<string, unknown> = {};
        try {
          params = JSON.parse(identifier);
        } catch {
          /* unknown channel below */
        }
        const channel = typeof params.channel === 'string' ? channels.get(params.channel) : undefined;
        if (channel && principal && channel.subscribe(params, principal)) {
          subscriptions.add(identifier);
          ws.send(frame({ identifier, type: 'confirm_subscription' }));
        } else {
          ws.send(frame({ identifier, type: 'reject_subscription' }));
        }
      } else if (msg.command === 'unsubscribe') {
        subscriptions.delete(identifier);
      }
    };

    ws.on('message', (data) => {
      const text = data.toString();
      if (principal) handle(text);
      else pending.push(text);
    });

    try {
      principal = await verifyAccessToken(url.searchParams.get('token') ?? '', options.auth);
    } catch {
      ws.send(frame({ type: 'disconnect', reason: 'unauthorized', reconnect: false }));
      ws.close();
      return;
    }
    if (ws.readyState !== ws.OPEN) return;
    ws.send(frame({ type: 'welcome' }));
    const timer = setInterval(() => ws.send(frame({ type: 'ping', message: Math.floor(Date.now() / 1000) })), PING_INTERVAL_MS);
    ws.on('close', () => clearInterval(timer));
    pending.splice(0).forEach(handle);
  };

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const channels = options.endpoints[url.pathname];
    if (!channels) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      void onConnection(ws, url, channels);
    });
  };

  return {
    attach(server: Server) {
      server.on('upgrade', onUpgrade);
    },
    close() {
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}

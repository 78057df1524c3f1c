import { serve } from '@hono/node-server';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApp, type TestApp } from './helpers';

/** Issue 36: a request refused with 413 before its body was read must not poison the connection it came on. */
let app: TestApp;
let server: Server;
let port: number;

beforeAll(async () => {
  app = startApp({ jobTickMs: 0 });
  server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  app.dispose();
});

/** One request over `agent` (one kept-alive socket at most): its status, its Connection header, and its socket. */
const send = (agent: Agent, method: string, path: string, body?: Buffer) =>
  new Promise<{ status: number; connection: string | undefined; socket: unknown }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers: body ? { 'content-type': 'application/json', 'content-length': body.length } : {} }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, socket: req.socket }));
    });
    req.on('error', reject);
    // A large body the server refuses before reading: the write may be cut short by the close.
    req.on('socket', (socket) => socket.on('error', () => {}));
    if (body) req.write(body, () => {});
    req.end();
  });

it('answers 413 with Connection: close, and the next request on the same agent succeeds', async () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const refused = await send(agent, 'POST', '/core/api/v2/admin/companies', Buffer.alloc(3 * 1024 * 1024, 0x20));
    expect(refused.status).toBe(413);
    expect(refused.connection).toBe('close');
    for (let i = 0; i < 3; i++) {
      const next = await send(agent, 'GET', '/config.json');
      expect(next.status).toBe(200);
    }
    // An ordinary answer keeps its connection open for the next request.
    const first = await send(agent, 'GET', '/config.json');
    expect(first.connection).toBe('keep-alive');
  } finally {
    agent.destroy();
  }
});

import { serve } from '@hono/node-server';
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { connect as tcpConnect, type AddressInfo, type Socket } from 'node:net';
import WebSocket from 'ws';
import type { AppOptions } from '../../server/app';
import type { Schedule } from '../../server/cable';
import type { CableChannel } from '../../server/shared/cable';
import { startApp, type TestApp } from './helpers';

export const PING_MS = 50;

export interface CableTestServer {
  app: TestApp;
  port: number;
  stop(): Promise<void>;
}

/** The app on a real HTTP server at 127.0.0.1:0, with a short ping period. */
export async function startCableServer(options: Partial<AppOptions> = {}): Promise<CableTestServer> {
  const app = startApp({ cablePingMs: PING_MS, jobTickMs: 0, ...options });
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
  });
  app.attachWebSockets(server);
  return {
    app,
    port: (server.address() as AddressInfo).port,
    async stop() {
      app.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      app.dispose();
    },
  };
}

/**
 * A test-only channel: `{channel: 'TestRoomsChannel', room_id}` listens to the `rooms` stream
 * and to `room_{id}`; room 404 is refused; `perform('echo')` broadcasts back to the room.
 */
export function testRoomsChannel(broadcast: (stream: string, message: Record<string, unknown>) => void): CableChannel {
  return {
    subscribe: (params) => (typeof params.room_id === 'number' && params.room_id !== 404 ? ['rooms', `room_${params.room_id}`] : null),
    perform(action, data, { params }) {
      if (action === 'echo') broadcast(`room_${params.room_id}`, { echoed: data.text });
    },
  };
}

export type Frame = Record<string, unknown>;

/** A `ws` client that collects the JSON frames it receives. */
export function connectJson(port: number, path: string, protocols = ['actioncable-v1-json', 'actioncable-unsupported']) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, protocols);
  const frames: Frame[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as Frame);
    waiters.splice(0).forEach((w) => w());
  });
  ws.on('error', () => {});
  const next = (pred: (f: Frame) => boolean, timeout = 5000) =>
    new Promise<Frame>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timeout; frames: ${JSON.stringify(frames)}`)), timeout);
      const check = () => {
        const found = frames.find(pred);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else waiters.push(check);
      };
      check();
    });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const opened = new Promise<void>((resolve) => ws.on('open', () => resolve()));
  const send = (data: unknown) => ws.send(JSON.stringify(data));
  return { ws, frames, next, closed, opened, send };
}

/** One WebSocket frame as a client could write it, valid or not. */
export function wireFrame(options: {
  opcode: number;
  payload?: Buffer | string;
  fin?: boolean;
  rsv1?: boolean;
  masked?: boolean;
  /** A 64-bit length field claiming this many bytes, whatever follows. */
  claimedLength?: number;
}): Buffer {
  const payload = typeof options.payload === 'string' ? Buffer.from(options.payload) : (options.payload ?? Buffer.alloc(0));
  const masked = options.masked ?? true;
  const first = ((options.fin ?? true) ? 0x80 : 0) | (options.rsv1 ? 0x40 : 0) | options.opcode;
  const length = options.claimedLength ?? payload.length;
  let header: Buffer;
  if (options.claimedLength !== undefined || length > 0xffff) {
    header = Buffer.alloc(10);
    header[1] = 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  } else if (length > 125) {
    header = Buffer.alloc(4);
    header[1] = 126;
    header.writeUInt16BE(length, 2);
  } else {
    header = Buffer.alloc(2);
    header[1] = length;
  }
  header[0] = first;
  if (!masked) return Buffer.concat([header, payload]);
  header[1] |= 0x80;
  const mask = randomBytes(4);
  const body = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]));
  return Buffer.concat([header, mask, body]);
}

export const textFrame = (text: string) => wireFrame({ opcode: 0x1, payload: text });

/** What the server sent on a raw connection: its text frames and its close code. */
interface WireLog {
  status: number;
  texts: string[];
  closeCode?: number;
}

/**
 * Opens `/cable` over plain TCP, writes the handshake (and `early` bytes in the same packet),
 * and resolves, once the server ends the connection, with what it sent. `after` is written
 * once the handshake is answered. The server's close frame is answered unless `answerClose` is false.
 */
export function rawSession(
  port: number,
  path: string,
  options: { early?: Buffer; after?: Buffer[]; timeoutMs?: number; answerClose?: boolean } = {},
) {
  return new Promise<WireLog>((resolve, reject) => {
    const socket: Socket = tcpConnect(port, '127.0.0.1');
    const log: WireLog = { status: 0, texts: [] };
    let buffer = Buffer.alloc(0);
    let upgraded = false;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open: ${JSON.stringify(log)}`));
    }, options.timeoutMs ?? 5000);
    const parseFrames = () => {
      while (buffer.length >= 2) {
        let length = buffer[1] & 0x7f;
        let offset = 2;
        if (length === 126) {
          if (buffer.length < 4) return;
          length = buffer.readUInt16BE(2);
          offset = 4;
        } else if (length === 127) {
          if (buffer.length < 10) return;
          length = Number(buffer.readBigUInt64BE(2));
          offset = 10;
        }
        if (buffer.length < offset + length) return;
        const opcode = buffer[0] & 0x0f;
        const payload = buffer.subarray(offset, offset + length);
        if (opcode === 0x1) log.texts.push(payload.toString());
        if (opcode === 0x8 && payload.length >= 2) {
          log.closeCode = payload.readUInt16BE(0);
          // A polite client answers the close frame; a hostile one keeps its socket open.
          if (options.answerClose !== false) socket.end(wireFrame({ opcode: 0x8, payload: payload.subarray(0, 2) }));
        }
        buffer = buffer.subarray(offset + length);
      }
    };
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (!upgraded) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        log.status = Number(buffer.subarray(0, end).toString().split(' ')[1]);
        buffer = buffer.subarray(end + 4);
        upgraded = true;
        for (const b of options.after ?? []) socket.write(b);
      }
      parseFrames();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(log);
    });
    const handshake = Buffer.from(
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n` +
        'Sec-WebSocket-Protocol: actioncable-v1-json\r\n\r\n',
    );
    socket.write(options.early ? Buffer.concat([handshake, options.early]) : handshake);
  });
}

/** A scheduler the test fires by hand (`fire()` runs every pending, uncancelled job once). */
export function manualSchedule() {
  const jobs: { run: () => void; delayMs: number; cancelled: boolean }[] = [];
  const schedule: Schedule = (run, delayMs) => {
    const job = { run, delayMs, cancelled: false };
    jobs.push(job);
    return () => {
      job.cancelled = true;
    };
  };
  const pending = () => jobs.filter((job) => !job.cancelled);
  const fire = () => {
    for (const job of jobs.splice(0)) if (!job.cancelled) job.run();
  };
  return { schedule, pending, fire };
}

/**
 * A connection of `token` to the cable on `port`, welcomed, subscribed to `channel`: the client
 * and the server's answer (`confirm_subscription` or `reject_subscription`).
 */
export async function subscribeWith(port: number, token: string, channel: Record<string, unknown>) {
  const client = connectJson(port, `/cable?token=${token}`, ['actioncable-v1-json']);
  await client.next((f) => f.type === 'welcome');
  const identifier = JSON.stringify(channel);
  client.send({ command: 'subscribe', identifier });
  const answer = await client.next((f: Frame) => f.identifier === identifier && /subscription$/.test(String(f.type)));
  return { client, answer: answer.type };
}

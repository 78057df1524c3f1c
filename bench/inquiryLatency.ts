/**
 * Inquiry delivery latency on loopback (issue 10): a pharmacy POSTs a message over HTTP and a
 * staff client (the real @rails/actioncable client, as in the SPA) receives it on the room's
 * messages channel. Reported side by side with the POST's own round trip, as medians, p95s and
 * the ratio of the medians (delivery / POST answer): the broadcast should cost next to nothing.
 */
import { serve } from '@hono/node-server';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { createApp } from '../server/app';

const MESSAGES = 200;

interface Consumer {
  subscriptions: { create(params: Record<string, unknown>, mixin: Record<string, unknown>): unknown };
  disconnect(): void;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

export async function runInquiryLatencyBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cs-portal-bench-inquiries-'));
  const created = createApp({ dataDir, jobTickMs: 0 });
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: created.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
  });
  created.attachWebSockets(server);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const g = globalThis as unknown as Record<string, unknown>;
  g.addEventListener ??= () => {};
  g.removeEventListener ??= () => {};
  const specifier = '@rails/actioncable';
  const ActionCable = (await import(/* @vite-ignore */ specifier)) as {
    adapters: { WebSocket: unknown; logger: { log(...args: unknown[]): void } };
    createConsumer(url: string): Consumer;
  };
  ActionCable.adapters.WebSocket = WebSocket;
  ActionCable.adapters.logger = { log: () => {} };
  let consumer: Consumer | undefined;
  try {
    const token = async (username: string, password: string) => {
      const res = await fetch(`${base}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'password', username, password }),
      });
      return ((await res.json()) as { access_token: string }).access_token;
    };
    const staff = await token('admin@example.com', 'Admin1234');
    const pharmacy = await token('pharmacy@example.com', 'Pharmacy1234');
    const rooms = (await (await fetch(`${base}/core/api/v2/pharmacy/inquiry_rooms`, { headers: { authorization: `Bearer ${pharmacy}` } })).json()) as { id: number }[];
    const roomId = rooms[0].id;

    const arrivals = new Map<string, number>();
    const waiters = new Map<string, () => void>();
    consumer = ActionCable.createConsumer(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/cable?token=${staff}`);
    await new Promise<void>((resolve) => {
      consumer!.subscriptions.create(
        { channel: 'InquiryMessagesChannel', room_id: roomId },
        {
          connected: () => resolve(),
          received: (data: { content?: string }) => {
            if (!data.content) return;
            arrivals.set(data.content, performance.now());
            waiters.get(data.content)?.();
          },
        },
      );
    });

    const delivery: number[] = [];
    const answer: number[] = [];
    for (let i = 0; i < MESSAGES; i++) {
      const content = `bench ${i}`;
      const received = new Promise<void>((resolve) => waiters.set(content, resolve));
      const start = performance.now();
      const res = await fetch(`${base}/core/api/v2/pharmacy/inquiry_rooms/${roomId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${pharmacy}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content }),
      });
      answer.push(performance.now() - start);
      await res.arrayBuffer();
      await received;
      delivery.push(arrivals.get(content)! - start);
    }
    const ms = (v: number) => `${v.toFixed(2)} ms`;
    console.log(`\ninquiry delivery on loopback (${MESSAGES} messages, POST by the pharmacy → staff's @rails/actioncable receive)`);
    console.log(`  delivery:    median ${ms(quantile(delivery, 0.5))}, p95 ${ms(quantile(delivery, 0.95))}`);
    console.log(`  POST answer: median ${ms(quantile(answer, 0.5))}, p95 ${ms(quantile(answer, 0.95))}`);
    console.log(`  ratio of medians (delivery / POST answer): ${(quantile(delivery, 0.5) / quantile(answer, 0.5)).toFixed(2)}`);
  } finally {
    consumer?.disconnect();
    created.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

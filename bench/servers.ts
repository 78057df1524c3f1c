/**
 * The two sites the browser bench opens, both served by the portal's own pieces so their first
 * loads compare like for like: the same static handler (server/site/static.ts: precompressed
 * brotli/gzip, the same cache headers), the same security headers on every answer
 * (server/shared/security.ts), and list answers compressed the same way
 * (server/shared/compressedBody.ts).
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { createSpaHandler } from '../server/site/static';
import { httpSecurity } from '../server/shared/security';
import { CompressibleBody, sendCompressible } from '../server/shared/compressedBody';

export interface RunningSite {
  url: string;
  close(): Promise<void>;
}

const listen = (fetch: (request: Request) => Response | Promise<Response>) =>
  new Promise<{ url: string; server: Server }>((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ url: `http://127.0.0.1:${info.port}`, server: server as Server }),
    );
  });

const closing = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** The server thread's event-loop delay since the last report, and its worst stall split by the scheduler. */
export interface LoopDelay {
  max: number;
  p99: number;
  /** Gaps of over 20 ms between the thread's 5 ms timer ticks. */
  stalls: number;
  /** The longest gap, and within it the thread's time on a core and its time waiting in the run queue for one (ms). */
  worst: { ms: number; onCpu: number; waiting: number };
  /** The most time on a core within any one stall: the thread's own longest hold, apart from the machine's load. */
  busiest: number;
}

/**
 * The real reference API (national-scale seed in `dataDir`) serving the portal built into
 * `staticDir`, in a child process (bench/portalServer.ts).
 */
export const startPortal = async (
  dataDir: string,
  staticDir: string,
): Promise<RunningSite & { seedMs: number; loopDelay(): Promise<LoopDelay> }> => {
  // PORTAL_NODE_ARGS: extra flags for the server's node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`,
  // which NODE_OPTIONS refuses), to see what its thread ran during a bench.
  const nodeArgs = process.env.PORTAL_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', join(import.meta.dirname, 'portalServer.ts')], {
    cwd: join(import.meta.dirname, '..'),
    env: { ...process.env, DATA_DIR: dataDir, STATIC_DIR: staticDir, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [, url, seedMs] = await new Promise<RegExpMatchArray>((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`the portal server exited (${code}): ${output}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\S+) seeded-in (\d+)/.exec(output);
      if (match) resolve(match);
    });
  });
  return {
    url,
    seedMs: Number(seedMs),
    /** The server thread's longest event-loop delay (and p99) since the last call, in ms. */
    loopDelay: () =>
      new Promise((resolve) => {
        const read = (chunk: Buffer) => {
          const match = /loop-delay (\S+) (\S+) stalls (\d+) worst (\S+) on-cpu (\S+) waiting (\S+) busiest (\S+)/.exec(chunk.toString());
          if (!match) return;
          child.stdout.off('data', read);
          const [max, p99, stalls, ms, onCpu, waiting, busiest] = match.slice(1).map(Number);
          resolve({ max, p99, stalls, worst: { ms, onCpu, waiting }, busiest });
        };
        child.stdout.on('data', read);
        child.kill('SIGUSR2');
      }),
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
};

const POSTS = Array.from({ length: 100 }, (_, index) => ({
  id: index + 1,
  title: `お知らせ ${index + 1}`,
  body: '薬局の営業時間が変更になりました。',
  published_at: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
}));

const NAMES = ['けやき薬局 会津若松本店', 'オレンジ薬局 福島店', 'ことぶき薬局 青葉病院前店', 'みどり調剤薬局 松原店', 'グリーン薬局 宇治店'];
const PREFECTURES = ['福島県', '奈良県', '宮城県', '長崎県', '京都府'];
const PHARMACIES = Array.from({ length: 100 }, (_, index) => ({
  id: 29_859 - index,
  companyId: index % 3 === 0 ? null : 900 + index,
  name: NAMES[index % NAMES.length],
  address1: PREFECTURES[index % PREFECTURES.length],
  updatedAt: new Date(Date.UTC(2026, 10, 1, 0, 59 - (index % 60))).toISOString(),
}));

/** What a bare site's `/api/:resource` answers: the records (one page of them may stand for more), and the total to claim. */
export type BareRecords = Record<string, { rows: readonly Record<string, unknown>[]; total?: number }>;

const SYNTHETIC: BareRecords = { posts: { rows: POSTS }, pharmacies: { rows: PHARMACIES } };

/**
 * The portal's own answers, read once from the running portal, for the stock app to show: the
 * first page of 薬局一覧 and of 医療用医薬品 (every field the API sends: the stock app parses
 * the same bytes), the first page of inquiry rooms and every message of the first room. The
 * stock app claims the portal's totals, so its pagination shows as many pages.
 */
export const portalAnswers = async (url: string, token: string): Promise<BareRecords> => {
  const read = async (path: string) => {
    const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`bench: ${path} answered ${response.status}`);
    return { rows: (await response.json()) as Record<string, unknown>[], total: Number(response.headers.get('x-total-count')) };
  };
  const rooms = await read('/core/api/v2/admin/inquiry_rooms');
  const firstRoom = rooms.rows[0]?.id;
  if (typeof firstRoom !== 'number') throw new Error('bench: the seed has no inquiry room');
  const messages: Record<string, unknown>[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await read(`/core/api/v2/admin/inquiry_rooms/${firstRoom}/messages?page=${page}`);
    messages.push(...answer.rows);
    if (messages.length >= answer.total || answer.rows.length === 0) break;
  }
  return {
    pharmacies: await read('/core/api/v2/admin/pharmacies'),
    ethical_medicines: await read('/core/api/v2/master/ethical_medicines'),
    inquiry_rooms: rooms,
    inquiry_messages: { rows: messages },
  };
};

/**
 * The bare react-admin apps (bench/bare, bench/bareList) and the lists they show, in
 * ra-data-simple-rest's dialect: `range` pages the records, `filter` keeps the rows equal to it
 * (the messages of one room). Without `records`, posts and a synthetic pharmacy list.
 */
export const startBare = async (staticDir: string, records: BareRecords = SYNTHETIC): Promise<RunningSite> => {
  const app = new Hono();
  app.use(...httpSecurity({ origins: [], trustedProxies: [] }));
  app.get('/api/:resource', (c) => {
    const resource = c.req.param('resource');
    const found = records[resource] ?? SYNTHETIC[resource];
    if (!found) return c.json({ errors: ['見つかりません。'] }, 404);
    const filter = JSON.parse(c.req.query('filter') ?? '{}') as Record<string, unknown>;
    const rows = found.rows.filter((row) => Object.entries(filter).every(([key, value]) => String(row[key]) === String(value)));
    const [start, end] = JSON.parse(c.req.query('range') ?? '[0,9]') as [number, number];
    const page = rows.slice(start, end + 1);
    const total = Object.keys(filter).length === 0 && found.total ? found.total : rows.length;
    c.header('content-range', `${resource} ${start}-${start + page.length - 1}/${total}`);
    c.header('cache-control', 'no-store');
    return sendCompressible(c, new CompressibleBody(JSON.stringify(page)));
  });
  const spa = createSpaHandler(staticDir);
  app.get('*', async (c) => (await spa(c)) ?? c.json({ errors: ['見つかりません。'] }, 404));
  const { url, server } = await listen(app.fetch);
  return {
    url,
    close: async () => {
      server.closeAllConnections();
      await closing(server);
    },
  };
};

/** An admin session as the portal's password mode stores it (src/authProvider/session.ts). */
export const adminSession = async (url: string) => {
  const response = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username: 'admin@example.com', password: 'Admin1234' }),
  });
  if (!response.ok) throw new Error(`sign-in for the bench failed: ${response.status}`);
  const tokens = (await response.json()) as { access_token: string; id_token?: string; refresh_token?: string; expires_in: number };
  return {
    token: tokens.access_token,
    session: {
      accessToken: tokens.access_token,
      idToken: tokens.id_token,
      refreshToken: tokens.refresh_token,
      expiresAt: Date.now() + tokens.expires_in * 1000,
    },
  };
};

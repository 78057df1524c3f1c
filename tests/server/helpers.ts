import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { createApp, type AppOptions, type CreatedApp } from '../../server/app';
import { copyTemplate } from './template';

export const ADMIN = { username: 'admin@example.com', password: 'Admin1234' };
export const PHARMACY = { username: 'pharmacy@example.com', password: 'Pharmacy1234' };

/** The fields a pharmacy's create requires, valid: tests spread it and name what they vary. */
export const PHARMACY_REQUIRED = {
  name: 'テスト薬局 渋谷店',
  micode: '1341234567',
  postal_code: '150-0002',
  address1: '東京都',
  address2: '渋谷区',
  address3: '渋谷1丁目2-3',
  phone: '03-1234-5678',
  email: 'shibuya@pharmacy.example.jp',
  services: ['medorder'],
};

export interface TestApp extends CreatedApp {
  dir: string;
  /** Close the app and delete its data dir. */
  dispose(): void;
  /** An access token for the production API, or for `audience` (e.g. the demo environment's). */
  token(user?: { username: string; password: string }, audience?: string): Promise<string>;
  /** Forgets the tokens granted so far: the next `token` signs in afresh (a test clock may outrun their hour). */
  forgetTokens(): void;
  call(path: string, init?: CallInit): Promise<Response>;
}

export interface CallInit {
  method?: string;
  token?: string | null;
  json?: unknown;
  body?: string;
  headers?: Record<string, string>;
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'cs-portal-test-'));
}

export interface StartOptions extends Partial<AppOptions> {
  /**
   * Migrate and seed this dir from nothing instead of copying the project's seeded template
   * (tests/server/globalSetup.ts). Only a test of seeding itself needs it: it costs ~2 s of CPU.
   */
  seedFresh?: boolean;
}

/**
 * Opens the reference API on `dir`. An empty dir (the default, a new temp dir) starts as a copy of
 * the seeded template, which is what seeding it would have written; a dir that holds data (a
 * restart) is opened as it is.
 */
export function startApp({ seedFresh = false, ...options }: StartOptions = {}, dir = tempDir()): TestApp {
  const template = inject('serverTemplateDir');
  if (template && !seedFresh && (options.seedScale ?? 'small') === 'small' && readdirSync(dir).length === 0) {
    copyTemplate(template, dir, options.now ?? (() => new Date()));
  }
  const created = createApp({ dataDir: dir, ...options });
  const tokens = new Map<string, string>();
  const call = (path: string, init: CallInit = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body = init.body;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers['content-type'] = 'application/json';
    } else if (body !== undefined && !headers['content-type']) {
      headers['content-type'] = 'application/json';
    }
    return Promise.resolve(created.app.request(path, { method: init.method ?? 'GET', headers, body }));
  };
  const token = async (user = ADMIN, audience?: string) => {
    const key = `${user.username} ${audience ?? ''}`;
    const cached = tokens.get(key);
    if (cached) return cached;
    const res = await call('/oauth/token', { method: 'POST', json: { grant_type: 'password', ...user, ...(audience && { audience }) } });
    if (res.status !== 200) throw new Error(`token grant failed: ${res.status}`);
    const { access_token } = (await res.json()) as { access_token: string };
    tokens.set(key, access_token);
    return access_token;
  };
  return {
    ...created,
    dir,
    call,
    token,
    forgetTokens: () => tokens.clear(),
    dispose() {
      created.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** GET with the admin token, returning status, headers and parsed JSON (if any). */
export async function getJson<T = unknown>(app: TestApp, path: string, headers: Record<string, string> = {}) {
  const res = await app.call(path, { token: await app.token(), headers });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as T };
}

/**
 * `npm run bench`: performance figures as ratios measured side by side in one run.
 *
 * First-load JS for /login: the portal and a bare react-admin app (bench/bare) are built with the
 * same Vite now, served from loopback, and opened in Chromium; every script the page loads is
 * gzipped and summed. Goal: ours / bare <= 1.10.
 */
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { readFile, readdir, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const root = resolve(import.meta.dirname, '..');
const out = join(root, 'bench/.out');
const GOAL = 1.1;

const build = (args: string[]) =>
  execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error', ...args], {
    cwd: root,
    stdio: 'inherit',
  });

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

/** A static server with SPA fallback; /config.json is the portal's same-origin runtime config. */
const serve = (dir: string, config: unknown) =>
  new Promise<{ server: Server; url: string }>((resolveServer) => {
    const server = createServer(async (request, response) => {
      const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
      if (path === '/config.json') {
        response.writeHead(200, { 'content-type': types['.json'] }).end(JSON.stringify(config));
        return;
      }
      const file = join(dir, path);
      const found = existsSync(file) && (await stat(file)).isFile() ? file : join(dir, 'index.html');
      response.writeHead(200, { 'content-type': types[extname(found)] ?? 'application/octet-stream' });
      response.end(await readFile(found));
    });
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolveServer({ server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
    });
  });

const portalConfig = {
  defaultEnvironment: 'production',
  localDevelopment: false,
  environments: [
    {
      key: 'production',
      label: '本番環境',
      apiBases: { core: '/core', medorder: '/medorder' },
      legacyBase: '/legacy',
      cableUrl: '/cable',
      auth: { mode: 'password', domain: '', clientId: 'cs-portal', audience: 'https://api.cs-portal.example.com', claimNamespace: 'https://cs-portal.example.com/' },
      orderingAppUrl: 'https://order.example.com',
      sharingAppUrl: 'https://share.example.com',
      pcAppHost: '/pc-app',
      jobQueueLinks: [],
    },
  ],
};

/** Opens the page in Chromium and sums the gzip size of every script it loaded. */
const firstLoadJs = async (url: string, ready: string) => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => undefined);
      if (body) scripts.set(response.url(), gzipSync(body).length);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: ready }).waitFor();
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    return { total, count: scripts.size };
  } finally {
    await browser.close();
  }
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const main = async () => {
  build(['--outDir', join(out, 'app'), '--emptyOutDir']);
  build(['bench/bare', '--outDir', join(out, 'bare'), '--emptyOutDir']);

  const app = await serve(join(out, 'app'), portalConfig);
  const bare = await serve(join(out, 'bare'), {});
  try {
    const ours = await firstLoadJs(`${app.url}/login`, 'ログイン');
    const theirs = await firstLoadJs(`${bare.url}/#/login`, 'ログイン');
    const ratio = ours.total / theirs.total;
    const chunks = (await readdir(join(out, 'app/assets'))).filter((file) => file.endsWith('.js')).length;
    console.log('\nfirst-load JS for /login (gzip), measured in Chromium in this run');
    console.log(`  CS portal:        ${kb(ours.total)} in ${ours.count} scripts`);
    console.log(`  bare react-admin: ${kb(theirs.total)} in ${theirs.count} scripts`);
    console.log(`  ratio:            ${ratio.toFixed(3)} (goal <= ${GOAL.toFixed(2)}) ${ratio <= GOAL ? 'OK' : 'OVER'}`);
    console.log(`  portal JS chunks: ${chunks} (each resource view and custom route loads lazily)`);
  } finally {
    app.server.close();
    bare.server.close();
  }
};

await main();

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

const waitUntilUp = async (url: string, deadline: number) => {
  for (;;) {
    try {
      const response = await fetch(`${url}/config.json`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`reference API did not start at ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/** Starts the reference API (which serves dist/) on a fresh database; the returned function stops it. */
export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'cs-portal-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  try {
    await waitUntilUp(baseURL, Date.now() + 60_000);
  } catch (error) {
    server.kill();
    throw new Error(`${(error as Error).message}\n${output}`, { cause: error });
  }
  process.env.E2E_BASE_URL = baseURL;
  return async () => {
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

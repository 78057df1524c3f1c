import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleHotFile } from '../../server/services/core/masterFileSample';
import { startApp, type TestApp } from './helpers';

/**
 * Issue 22 item 7: a long job must not freeze every other request. While a master import parses
 * and applies tens of thousands of rows, cheap requests keep being answered: the longest the
 * event loop stands still is a small part of the job's time (today it is all of it).
 */
const BASE = '/core/api/v2/master/ethical_medicines';
const NOW = new Date('2026-11-21T03:00:00.000Z');
let app: TestApp;

beforeAll(() => {
  app = startApp({ now: () => NOW, jobTickMs: 0 });
});
afterAll(() => app.dispose());

async function untilRunning(kind: string) {
  const { jobs } = app.environments.production;
  // SUBMITTED → PENDING → RUNNABLE → STARTING: the next tick starts the handler.
  for (let i = 0; i < 3; i++) await jobs.tick();
  expect(jobs.list({ kind })[0].status).toBe('STARTING');
}

/** Runs the job's handler while a cheap request is made again and again; the worst wait and the job's time. */
async function measureDuring(kind: string) {
  const { jobs } = app.environments.production;
  await untilRunning(kind);
  let done = false;
  let worst = 0;
  let answered = 0;
  const started = performance.now();
  let last = started;
  const beat = setInterval(() => {
    const at = performance.now();
    worst = Math.max(worst, at - last);
    last = at;
  }, 2);
  const probe = (async () => {
    while (!done) {
      const t0 = performance.now();
      const res = await app.call('/config.json');
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      worst = Math.max(worst, performance.now() - t0);
      answered += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  await jobs.tick();
  const total = performance.now() - started;
  worst = Math.max(worst, performance.now() - last);
  done = true;
  clearInterval(beat);
  await probe;
  return { worst, total, answered, job: jobs.list({ kind })[0] };
}

describe('long work off the request thread (issue 22 item 7)', () => {
  it('answers cheap requests during a large master import, valid or malformed', { timeout: 180_000 }, async () => {
    const token = await app.token();
    const dir = join(app.dir, 'master-sources', 'hot_code');
    writeFileSync(join(dir, 'MEDIS_HOT13_20261119.csv'), sampleHotFile(40_000));
    await app.call(`${BASE}/downloads/hot_code`, { method: 'POST', token, json: { start_date: '2026-11-19' } });
    const { jobs } = app.environments.production;
    for (let i = 0; i < 10 && jobs.list().some((j) => !['SUCCEEDED', 'FAILED'].includes(j.status)); i++) await jobs.tick();

    await app.call(`${BASE}/imports/hot_code`, { method: 'POST', token });
    const valid = await measureDuring('ethical_medicines_import_hot_code');
    expect(valid.job.status, String(valid.job.statusReason)).toBe('SUCCEEDED');
    expect(valid.answered).toBeGreaterThan(1);
    expect(valid.worst, `worst wait ${valid.worst.toFixed(0)} ms during a ${valid.total.toFixed(0)} ms import`).toBeLessThan(Math.min(1000, valid.total / 4));

    writeFileSync(join(dir, 'MEDIS_HOT13_20261120.csv'), sampleHotFile(40_000, { malformedFrom: 20_000 }));
    await app.call(`${BASE}/downloads/hot_code`, { method: 'POST', token, json: { start_date: '2026-11-19' } });
    for (let i = 0; i < 10 && jobs.list().some((j) => !['SUCCEEDED', 'FAILED'].includes(j.status)); i++) await jobs.tick();
    await app.call(`${BASE}/imports/hot_code`, { method: 'POST', token });
    const malformed = await measureDuring('ethical_medicines_import_hot_code');
    expect(malformed.job.status).toBe('FAILED');
    expect(malformed.job.statusReason).toMatch(/MEDIS_HOT13_20261120\.csv を取り込めませんでした。/);
    expect(malformed.worst, `worst wait ${malformed.worst.toFixed(0)} ms during a ${malformed.total.toFixed(0)} ms import`).toBeLessThan(Math.min(1000, malformed.total / 4));
  });
});

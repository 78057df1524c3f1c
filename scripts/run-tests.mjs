// `npm test`: every phase of the suite, timed, with a table of each phase's wall and CPU time at the end.
//
// Stage 1 runs the CPU-only phases one per core (two at a time on this 2-core machine): the three typechecks,
// lint (eslint, import circles) and the SPA build (built once, for the E2E). Stage 2 runs vitest (unit, component, server),
// stage 3 Playwright on the build. A failing phase does not stop the others (CI counts every test
// it can), except that the E2E need the build; the exit status is non-zero if any phase failed.
//
//   node scripts/run-tests.mjs            the whole suite
//   node scripts/run-tests.mjs lint unit  only the named phases (stage order kept)
//   TEST_JOBS=1                           stage 1 one phase at a time
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { delimiter, resolve } from 'node:path';

const bin = resolve('node_modules/.bin');
const env = { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH}`, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' };

/** Each phase: its name, the stage it runs in, and its command (run by bash). */
const PHASES = [
  { name: 'typecheck:app', stage: 1, cmd: 'tsc -p tsconfig.app.json' },
  { name: 'typecheck:server', stage: 1, cmd: 'tsc -p tsconfig.server.json' },
  { name: 'typecheck:tests', stage: 1, cmd: 'tsc -p tsconfig.json' },
  { name: 'lint', stage: 1, cmd: 'eslint .' },
  // No import circles in src/ or server/ (docs/ARCHITECTURE.md "Who imports whom").
  { name: 'lint:cycles', stage: 1, cmd: 'npm run -s lint:cycles' },
  { name: 'build', stage: 1, cmd: 'vite build --logLevel warn' },
  { name: 'unit', stage: 2, cmd: 'vitest run --reporter=default --reporter=json --outputFile.json=test-results/unit.json' },
  { name: 'e2e', stage: 3, cmd: 'playwright test', needs: 'build' },
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !PHASES.some((p) => p.name === name || p.name.startsWith(`${name}:`)));
if (unknown.length) {
  console.error(`unknown phase(s): ${unknown.join(', ')}; phases: ${PHASES.map((p) => p.name).join(', ')}`);
  process.exit(2);
}
const selected = PHASES.filter((p) => !wanted.length || wanted.some((name) => p.name === name || p.name.startsWith(`${name}:`)));
const jobs = Math.max(1, Number(process.env.TEST_JOBS) || availableParallelism());

/** Runs one phase; its CPU time is its processes' user+sys, as bash's `times` counts its children. */
const run = (phase) =>
  new Promise((done) => {
    const started = performance.now();
    const child = spawn('bash', ['-c', `${phase.cmd}\ns=$?\ntimes >&3\nexit $s`], {
      env,
      stdio: ['ignore', 'inherit', 'inherit', 'pipe'],
    });
    let times = '';
    child.stdio[3].on('data', (chunk) => (times += chunk));
    child.on('close', (code, signal) => {
      const seconds = (text) => {
        const m = /^(\d+)m([\d.]+)s$/.exec(text ?? '');
        return m ? Number(m[1]) * 60 + Number(m[2]) : NaN;
      };
      // `times`: the shell's own user and sys, then its children's.
      const [user, sys] = (times.trim().split('\n')[1] ?? '').trim().split(/\s+/).map(seconds);
      done({ ...phase, status: code ?? (signal ? 1 : 0), wall: (performance.now() - started) / 1000, cpu: user + sys });
    });
  });

/** Runs `phases` at most `limit` at a time, each with its output prefixed while it runs. */
const pool = async (phases, limit) => {
  const results = [];
  const queue = [...phases];
  const lane = async () => {
    for (let phase = queue.shift(); phase; phase = queue.shift()) {
      console.log(`\n▶ ${phase.name}: ${phase.cmd}`);
      const result = await run(phase);
      console.log(`${result.status === 0 ? '✔' : '✘'} ${phase.name} (${result.wall.toFixed(1)} s)`);
      results.push(result);
    }
  };
  await Promise.all(Array.from({ length: limit }, lane));
  return results;
};

const startedAll = performance.now();
const results = [];
for (const stage of [...new Set(selected.map((p) => p.stage))].sort()) {
  const runnable = [];
  for (const phase of selected.filter((p) => p.stage === stage)) {
    const need = phase.needs && results.find((r) => r.name === phase.needs);
    if (need && need.status !== 0) results.push({ ...phase, status: 'skipped', wall: 0, cpu: 0 });
    else runnable.push(phase);
  }
  results.push(...(await pool(runnable, stage === 1 ? jobs : 1)));
}
const total = (performance.now() - startedAll) / 1000;

const order = (r) => PHASES.findIndex((p) => p.name === r.name);
results.sort((a, b) => order(a) - order(b));
const rows = [
  ['phase', 'stage', 'status', 'wall s', 'cpu s'],
  ...results.map((r) => [r.name, String(r.stage), r.status === 0 ? 'ok' : r.status === 'skipped' ? 'skipped' : `FAILED (${r.status})`, r.wall.toFixed(1), Number.isNaN(r.cpu) ? '?' : r.cpu.toFixed(1)]),
  ['total', '', '', total.toFixed(1), results.reduce((sum, r) => sum + (Number.isNaN(r.cpu) ? 0 : r.cpu), 0).toFixed(1)],
];
const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
const line = (row) => row.map((cell, i) => (i >= 3 ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  ');
console.log(`\nTest phases (stage 1: ${jobs} at a time; CPU = user + sys of the phase's processes)`);
console.log(line(rows[0]));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of rows.slice(1, -1)) console.log(line(row));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
console.log(line(rows.at(-1)));

mkdirSync('test-results', { recursive: true });
writeFileSync('test-results/phases.json', JSON.stringify({ total, results }, null, 2));
process.exit(results.some((r) => r.status !== 0) ? 1 : 0);

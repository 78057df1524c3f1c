// Sums the vitest and Playwright JSON reports into the one line CI reads: "N passed, N failed".
// A failing run that produced no failing test (typecheck, lint, install) still counts one failure.
import { existsSync, readFileSync } from 'node:fs';

const status = Number(process.argv[2] ?? 0);
let passed = 0;
let failed = 0;

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

const unit = read('test-results/unit.json');
if (unit) {
  passed += unit.numPassedTests ?? 0;
  failed += unit.numFailedTests ?? 0;
}

const e2e = read('test-results/e2e.json');
if (e2e?.stats) {
  passed += e2e.stats.expected ?? 0;
  failed += (e2e.stats.unexpected ?? 0) + (e2e.stats.flaky ?? 0);
}

if (status !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);

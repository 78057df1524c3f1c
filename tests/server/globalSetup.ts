import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createApp } from '../../server/app';
import { TEMPLATE_NOW } from './template';

/**
 * Seeds one data dir (every SQLite file, the signing key and the seeded blobs) once for the whole
 * server project; `startApp` copies it instead of migrating and seeding again. Seeding a fresh dir
 * cost about 2 s of CPU and dozens of fsyncs per app, and the project starts some seventy apps.
 */
export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'cs-portal-template-'));
  // The blobs a seed stamps with the clock get a sentinel time; startApp restamps them with its own clock.
  createApp({ dataDir: dir, jobTickMs: 0, now: () => TEMPLATE_NOW }).close();
  project.provide('serverTemplateDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A seeded data dir for `startApp` to copy (tests/server/globalSetup.ts). */
    serverTemplateDir: string;
  }
}

import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], exclude: ['tests/unit/**/*.isolated.test.{ts,tsx}'], environment: 'node', isolate: false },
      },
      {
        extends: true,
        // A module's first use measured in a fresh graph (a cache another file already warmed reads as built).
        test: { name: 'unit-isolated', include: ['tests/unit/**/*.isolated.test.{ts,tsx}'], environment: 'node', isolate: true },
      },
      {
        extends: true,
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.{ts,tsx}'],
          exclude: ['tests/component/**/*.isolated.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/component/setup.ts'],
          testTimeout: 20000,
          // react-admin and MUI take most of each file's time to import; one shared module graph
          // instead of one per file. Tests do not share state: each renders its own providers.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // A file that mocks a module the shared graph also loads (a counted MUI Badge) gets a
          // graph of its own: with isolate false, whether its mock took depended on which file
          // the worker ran before it (AppMenu's redraw count read 0 in a full run).
          name: 'component-isolated',
          include: ['tests/component/**/*.isolated.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/component/setup.ts'],
          testTimeout: 20000,
          isolate: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20000,
          // Seeds one data dir that startApp copies (tests/server/helpers.ts).
          globalSetup: ['tests/server/globalSetup.ts'],
          isolate: false,
        },
      },
    ],
  },
});

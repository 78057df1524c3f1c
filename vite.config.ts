import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { API_ROOTS, DEMO_ROOT, IDENTITY_PAGES } from './src/contract/apiRoots.ts';

// The SPA talks to the reference API on the same origin; in `npm run dev` Vite proxies every
// non-SPA path to the API server that scripts/dev.ts starts beside it.
// The roots are the shared contract's (src/contract/apiRoots.ts, imported with its extension as
// Vite's native config loader wants: tsconfig allows it), plus /demo for the demo
// environment's copies; the cable and the demo carry websockets.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;
const proxiedRoots = [...API_ROOTS, DEMO_ROOT];
const carriesWebSockets = (root: string) => root === 'cable' || root === DEMO_ROOT;
export const apiProxy = {
  ...Object.fromEntries(proxiedRoots.map((root) => [`/${root}`, { target: apiTarget, ws: carriesWebSockets(root) }])),
  // The hosted login and logout (redirect sign-in): a key starting with ^ is a pattern, matched whole here.
  ...Object.fromEntries(IDENTITY_PAGES.map((page) => [`^${page}(\\?.*)?$`, { target: apiTarget, ws: false }])),
};

const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|map)$/;
const brotli = promisify(brotliCompress);
const gzipFile = promisify(gzip);

const filesUnder = async (dir: string): Promise<string[]> =>
  (await readdir(dir, { withFileTypes: true, recursive: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));

/**
 * Writes `file.br` (quality 11) and `file.gz` (level 9) beside every compressible output file,
 * so the server (server/site/static.ts) sends them as Accept-Encoding allows without compressing
 * per request. Once at build time, the slowest settings cost nothing.
 */
const precompress = (): Plugin => {
  let outDir = 'dist';
  return {
    name: 'cs-portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(file);
          if (source.length < 256) return;
          const [br, gz] = await Promise.all([
            brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
            gzipFile(source, { level: 9 }),
          ]);
          // A variant that saves nothing would only cost the browser a decode.
          if (br.length < source.length) await writeFile(`${file}.br`, br);
          if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
};

/**
 * Small pieces several screens draw (a spinner, a custom screen's frame, three icons). Left to the
 * groups below, the list or detail group captures each with its importers (a group takes its
 * modules' dependencies too), and the inquiries screen then waited for both big chunks to draw
 * two icons and a spinner (issue 38); or Rolldown gives each its own chunk of a few hundred bytes.
 * Together they are one small chunk; what they need from React and MUI stays in the entry.
 */
const SHARED_SMALL_PIECES = /([\\/]src[\\/]app[\\/](InlineLoading|Screen)\.tsx|[\\/]@mui[\\/]icons-material[\\/](esm[\\/])?(Edit|Delete|FilterList)\.m?js)$/;

/**
 * How the build splits the code, for what a first visit transfers (bench: first load). Left to
 * itself, Rolldown makes a common chunk for every distinct set of screens sharing a module: the
 * first load was 27 requests for /login and 41 for a list, each with its own headers and each
 * compressed apart (brotli gains less on small files). Instead:
 * - everything the entry needs statically (React, MUI, react-admin's core, the layout, the
 *   login page) is one chunk, the entry itself;
 * - everything the generic list screen needs beyond that (DataTable, the list controller, the
 *   search input, the paging) is one `list` chunk, the one chunk a list visit adds;
 * - every other screen keeps Rolldown's automatic chunks (and imports the `list` chunk for
 *   whatever it shares with the list), but for a few small pieces many screens draw, which are
 *   one `pieces` chunk (above).
 * Rolldown never copies a module into two chunks, so nothing is sent twice.
 */
const codeSplitting = {
  groups: [
    { name: 'index', tags: ['$initial' as const], priority: 3 },
    // Below the entry's group: where the entry itself draws a piece (bench/bareList, built with
    // this config), the piece stays in the entry, and no chunk imports the entry that imports it.
    { name: 'pieces', test: SHARED_SMALL_PIECES, priority: 2, includeDependenciesRecursively: false },
    { name: 'list', test: /[\\/]src[\\/]resources[\\/]schema[\\/]list[\\/]SchemaList\.tsx$/, priority: 1 },
    { name: 'detail', test: /[\\/]src[\\/]resources[\\/]schema[\\/]show[\\/]SchemaShow\.tsx$/, priority: 0 },
  ],
};

/**
 * Polyfills of what every supported browser has, required by node-polyglot (react-admin's
 * translations, in the start-up chunk), replaced by the built-ins: `object.entries` alone brought
 * get-intrinsic, call-bind and a dozen other packages into every first visit (issue 38).
 */
const builtIns = {
  'object.entries': resolve(import.meta.dirname, 'src/shims/objectEntries.cjs'),
  hasown: resolve(import.meta.dirname, 'src/shims/hasOwn.cjs'),
};

/**
 * react-admin's default CSV exporter loads jsonexport on its first call (src/shims/lazyJsonexport.ts)
 * instead of with every list: the list controller names it as its default `exporter`, so its
 * package came in the list chunk of every first visit although the portal's lists export through
 * their own dialog (issue 38: the first visit's script bytes). Only ra-core's import is redirected;
 * the shim's own import of the package resolves as usual.
 *
 * The portal's build only: bench/bareList is stock react-admin as its developer gets it (its list
 * shows react-admin's export button, whose exporter this is), and it is built with this config.
 */
const LAZY_JSONEXPORT = resolve(import.meta.dirname, 'src/shims/lazyJsonexport.ts');
export const lazyCsvExporter = (): Plugin => {
  let portal = false;
  return {
    name: 'cs-portal:lazy-csv-exporter',
    enforce: 'pre',
    configResolved(config) {
      portal = resolve(config.root) === resolve(import.meta.dirname);
    },
    resolveId(source, importer) {
      if (portal && source === 'jsonexport/dist/index.js' && importer && /[\\/]ra-core[\\/]/.test(importer)) return LAZY_JSONEXPORT;
      return null;
    },
  };
};

export default defineConfig({
  plugins: [lazyCsvExporter(), react(), precompress()],
  resolve: { alias: builtIns },
  server: {
    proxy: apiProxy,
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 2000,
    rolldownOptions: { output: { codeSplitting } },
  },
});

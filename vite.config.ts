import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The SPA talks to the reference API on the same origin; in `npm run dev` Vite proxies every
// non-SPA path to the API server that scripts/dev.ts starts beside it.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;
const apiPaths = ['/core', '/medorder', '/legacy', '/demo', '/oauth', '/.well-known', '/userinfo', '/config.json', '/pc-app', '/jobs', '/api', '/storage'];

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      ...Object.fromEntries(apiPaths.map((path) => [path, { target: apiTarget, ws: path === '/demo' }])),
      '/cable': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 2000,
  },
});

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig, RUNTIME_CONFIG_REQUEST, RUNTIME_CONFIG_URL } from '../../../src/config/runtimeConfig';
import { testEnvironment } from '../support/environment';

const indexHtml = readFileSync(resolve(import.meta.dirname, '../../../index.html'), 'utf8');

describe('config.json preload', () => {
  it('is preloaded by index.html as a CORS fetch, so it downloads beside the scripts', () => {
    const links = [...indexHtml.matchAll(/<link\b[^>]*>/g)].map(([tag]) => tag);
    const preload = links.find((tag) => tag.includes(`href="${RUNTIME_CONFIG_URL}"`));
    expect(preload).toBeDefined();
    expect(preload).toMatch(/\brel="preload"/);
    expect(preload).toMatch(/\bas="fetch"/);
    // A fetch() is a CORS request; only a crossorigin preload (anonymous = same-origin credentials) matches it.
    expect(preload).toMatch(/\bcrossorigin="anonymous"/);
  });

  it('is read with a request the browser can answer from that preload', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response(JSON.stringify({ environments: [testEnvironment()] })));
    await loadRuntimeConfig(fetchImpl);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const [url, init] = fetchImpl.mock.calls[0];
    expect(url).toBe(RUNTIME_CONFIG_URL);
    expect(init).toBe(RUNTIME_CONFIG_REQUEST);
    // Headers or a cache mode of its own would make the browser fetch config.json a second time.
    expect(init).toEqual({ method: 'GET', mode: 'cors', credentials: 'same-origin' });
  });
});

import { describe, expect, it, vi } from 'vitest';
import { CONFIG_LOAD_ERROR_MESSAGE, loadRuntimeConfig, RUNTIME_CONFIG_URL } from '../../../src/config/runtimeConfig';
import { testEnvironment } from '../support/environment';

const answer = (body: unknown, status = 200) =>
  vi.fn<typeof fetch>(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));

describe('loadRuntimeConfig', () => {
  it('loads /config.json', async () => {
    const config = { defaultEnvironment: 'demo', localDevelopment: true, environments: [testEnvironment()] };
    const fetchImpl = answer(config);
    await expect(loadRuntimeConfig(fetchImpl)).resolves.toEqual(config);
    expect(fetchImpl.mock.calls[0][0]).toBe(RUNTIME_CONFIG_URL);
  });

  it('falls back to the first environment when the default is unknown', async () => {
    const config = await loadRuntimeConfig(answer({ defaultEnvironment: 'staging', environments: [testEnvironment({ key: 'production' })] }));
    expect(config.defaultEnvironment).toBe('production');
    expect(config.localDevelopment).toBe(false);
  });

  it.each([
    ['no environments', answer({ defaultEnvironment: 'demo', environments: [] })],
    ['an environment without a key', answer({ environments: [{ label: 'x' }] })],
    ['not JSON', answer('<html>')],
    ['a 404', answer({}, 404)],
    ['a network failure', vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('fetch failed')))],
  ])('throws the Japanese error for %s', async (_case, fetchImpl) => {
    await expect(loadRuntimeConfig(fetchImpl)).rejects.toThrow(CONFIG_LOAD_ERROR_MESSAGE);
    expect(CONFIG_LOAD_ERROR_MESSAGE).toBe('設定ファイル(config.json)を読み込めませんでした。');
  });
});

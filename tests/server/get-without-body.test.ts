import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './helpers';

/**
 * Issue 36 item 3: a GET has no body, and asking for one made the server adapter
 * (@hono/node-server) build a whole fetch Request per request, each with an abort listener
 * removed only after a garbage collection: after a busy stretch the removals ran in one task that
 * held the request thread ~20 ms. No middleware or route may ask a GET or HEAD for its body.
 */
let app: TestApp;
beforeAll(() => {
  app = startApp();
});
afterAll(() => app.dispose());

/** The request, with a count of the times its body was asked for. */
function watched(path: string, init: RequestInit = {}) {
  const request = new Request(new URL(path, 'http://localhost'), init);
  const asked = { count: 0 };
  Object.defineProperty(request, 'body', {
    get() {
      asked.count += 1;
      return null;
    },
  });
  return { request, asked };
}

describe('a GET is never asked for its body', () => {
  it.each(['/config.json', '/core/api/v2/admin/pharmacies?page=1', '/core/api/v2/common/users/me'])('GET and HEAD %s', async (path) => {
    const token = await app.token();
    for (const method of ['GET', 'HEAD']) {
      const { request, asked } = watched(path, { method, headers: { authorization: `Bearer ${token}` } });
      const response = await app.app.request(request);
      expect([method, response.status]).toEqual([method, 200]);
      expect([method, asked.count]).toEqual([method, 0]);
    }
  });

  it('still limits the body of a write (the watch itself is seen)', async () => {
    const token = await app.token();
    const { request, asked } = watched('/core/api/v2/admin/companies', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    await app.app.request(request);
    expect(asked.count).toBeGreaterThan(0);
  });
});

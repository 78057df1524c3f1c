import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../server/shared/security';
import { startApp, type TestApp } from './helpers';

// The security headers come from hono/secure-headers (issue 24 item 8) with only our headers on:
// the same values as the hand-written middleware it replaced, none of the library's other defaults.
let app: TestApp;
beforeAll(() => {
  app = startApp();
});
afterAll(() => app.dispose());

const SENT = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; " +
    "connect-src 'self' ws: wss:; frame-ancestors 'none'; form-action 'self'; base-uri 'self'; object-src 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
};
const NOT_SENT = [
  'cross-origin-embedder-policy', 'cross-origin-resource-policy', 'origin-agent-cluster', 'strict-transport-security',
  'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection', 'permissions-policy',
];

describe('security headers', () => {
  it('the CSP reads as before, directive by directive', () => {
    expect(CONTENT_SECURITY_POLICY).toBe(SENT['content-security-policy']);
  });

  it('every answer carries exactly our headers (plain http: no HSTS), API and not', async () => {
    for (const path of ['/config.json', '/core/api/v2/admin/companies', '/nothing-here', '/api/openapi.json']) {
      const res = await app.call(path);
      for (const [name, value] of Object.entries(SENT)) expect(res.headers.get(name), `${path} ${name}`).toBe(value);
      for (const name of NOT_SENT) expect(res.headers.has(name), `${path} ${name}`).toBe(false);
    }
  });
});

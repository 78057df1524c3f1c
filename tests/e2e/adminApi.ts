import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { accounts } from './accounts';

/** Who saved it when changes with every save that changes something; nothing else may (issue 21; a save without changes stamps nothing either, issue 40 item 3). */
const AUDIT_KEYS = new Set(['updated_at', 'updated_by', 'updatedAt', 'updatedBy']);

/** `value` without its audit keys, at every depth: what an unchanged save must leave exactly as it was. */
export const withoutAudit = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutAudit);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !AUDIT_KEYS.has(key)).map(([key, item]) => [key, withoutAudit(item)]));
};

/** Reads the reference API as the admin, beside the browser: what the server holds, not what a screen shows. */
export const adminApi = async (request: APIRequestContext) => {
  const grant = await request.post('/oauth/token', { data: { grant_type: 'password', username: accounts.admin.email, password: accounts.admin.password } });
  expect(grant.ok()).toBe(true);
  const { access_token: token } = (await grant.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}` };
  return {
    async get<T = Record<string, unknown>>(path: string): Promise<T> {
      const response = await request.get(path, { headers });
      expect(response.ok(), `GET ${path}`).toBe(true);
      return (await response.json()) as T;
    },
    /** Writes as another staff user would, beside the browser (a PUT names only what it changes). */
    async put<T = Record<string, unknown>>(path: string, data: Record<string, unknown>): Promise<T> {
      const response = await request.put(path, { headers, data });
      expect(response.ok(), `PUT ${path}: ${response.status()} ${await response.text()}`).toBe(true);
      return (await response.json()) as T;
    },
    async post<T = Record<string, unknown>>(path: string, data: Record<string, unknown>): Promise<T> {
      const response = await request.post(path, { headers, data });
      expect(response.ok(), `POST ${path}: ${response.status()} ${await response.text()}`).toBe(true);
      return (await response.json()) as T;
    },
    async delete(path: string): Promise<void> {
      const response = await request.delete(path, { headers });
      expect(response.ok(), `DELETE ${path}: ${response.status()}`).toBe(true);
    },
    /** Every page of a paged list (x-total-pages), in order. */
    async getAllPages<T = Record<string, unknown>>(path: string): Promise<T[]> {
      const rows: T[] = [];
      for (let page = 1, pages = 1; page <= pages; page += 1) {
        const response = await request.get(`${path}${path.includes('?') ? '&' : '?'}page=${page}`, { headers });
        expect(response.ok(), `GET ${path} page ${page}: ${response.status()} ${await response.text()}`).toBe(true);
        pages = Number(response.headers()['x-total-pages']);
        rows.push(...((await response.json()) as T[]));
      }
      return rows;
    },
  };
};

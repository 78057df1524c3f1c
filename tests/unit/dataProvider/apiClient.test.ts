import { http, HttpResponse } from 'msw';
import { HttpError } from 'ra-core';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient, retryAfterMs } from '../../../src/dataProvider/apiClient';
import { testEnvironment } from '../support/environment';
import { setupMswServer } from '../support/mswServer';

const server = setupMswServer();
const CORE = 'http://localhost/core/api/v2';

const clientWith = (options: { onCacheClear?: () => void; token?: string } = {}) =>
  createApiClient({ environment: testEnvironment(), getToken: async () => options.token ?? 'token-1', onCacheClear: options.onCacheClear });

describe('apiClient', () => {
  it('sends the bearer token on every call', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get(`${CORE}/common/users/me`, ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json({ id: 1 });
      }),
      http.post(`${CORE}/common/users/restore`, ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json({});
      }),
    );
    const { send } = clientWith({ token: 'abc.def.ghi' });
    await send({ path: '/api/v2/core/common/users/me' });
    await send({ method: 'POST', path: '/api/v2/core/common/users/restore', body: {} });
    expect(seen).toEqual(['Bearer abc.def.ghi', 'Bearer abc.def.ghi']);
  });

  it('routes core, medorder and legacy v1 paths to their bases', async () => {
    const hits: string[] = [];
    server.use(
      http.get(`${CORE}/admin/pharmacies/1`, () => (hits.push('core'), HttpResponse.json({ id: 1 }))),
      http.get('http://localhost/medorder/api/v2/master/stockable_items/2', () => (hits.push('medorder'), HttpResponse.json({ id: 2 }))),
      http.get('http://localhost/legacy/api/v1/medorder/stocks', () => (hits.push('legacy'), HttpResponse.json({ stocks: [] }))),
    );
    const { send } = clientWith();
    await send({ path: '/api/v2/core/admin/pharmacies/1' });
    await send({ path: '/api/v2/medorder/master/stockable_items/2' });
    await send({ path: '/api/v1/medorder/stocks' });
    expect(hits).toEqual(['core', 'medorder', 'legacy']);
  });

  it('calls relative bases against the page origin', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => HttpResponse.json({}));
    const environment = testEnvironment({ apiBases: { core: '/core', medorder: '/medorder' } });
    await createApiClient({ environment, getToken: async () => 't', fetch: fetchImpl }).send({ path: '/api/v2/core/admin/companies' });
    expect(fetchImpl.mock.calls[0][0]).toBe('/core/api/v2/admin/companies');
  });

  it('starts the request in the caller\'s own turn when the token is at hand, and waits for getToken only when it is not', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => HttpResponse.json({}));
    const getToken = vi.fn(async () => 'renewed');
    let current: string | undefined = 'at-hand';
    const { send } = createApiClient({ environment: testEnvironment(), getToken, currentToken: () => current, fetch: fetchImpl });
    const first = send({ path: '/api/v2/core/common/users/me' });
    // No await yet: a fetch called now leaves before React renders the event that asked it.
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(new Headers(fetchImpl.mock.calls[0][1]?.headers).get('authorization')).toBe('Bearer at-hand');
    await first;
    expect(getToken).not.toHaveBeenCalled();
    current = undefined;
    const second = send({ path: '/api/v2/core/common/users/me' });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await second;
    expect(getToken).toHaveBeenCalledTimes(1);
    expect(new Headers(fetchImpl.mock.calls[1][1]?.headers).get('authorization')).toBe('Bearer renewed');
  });

  it("rejects an unknown module with 'url module not defined' before any request", async () => {
    await expect(clientWith().send({ path: '/api/v2/share/admin/x' })).rejects.toThrow('url module not defined');
  });

  it('sends query keys snake_cased and bodies deep snake_cased', async () => {
    let query: URLSearchParams | undefined;
    let body: unknown;
    server.use(
      http.put(`${CORE}/admin/pharmacies/3`, async ({ request }) => {
        query = new URL(request.url).searchParams;
        body = await request.json();
        return HttpResponse.json({ id: 3 });
      }),
    );
    await clientWith().send({
      method: 'PUT',
      path: '/api/v2/core/admin/pharmacies/3',
      query: { addEnded: true, pharmacyIds: [1, 2] },
      body: { postalCode: '1000001', pharmacyInvoiceAttributes: { invoiceNumber: 'T123' }, hotCode_7: '1234567', updatedAt: new Date('2026-01-01T00:00:00Z'), endedOn: new Date('2026-03-31T00:00:00+09:00') },
    });
    expect(Object.fromEntries(query!)).toEqual({ add_ended: 'true', pharmacy_ids: '1,2' });
    expect(body).toEqual({
      postal_code: '1000001',
      pharmacy_invoice_attributes: { invoice_number: 'T123' },
      hot_code_7: '1234567',
      updated_at: '2026-01-01T00:00:00.000Z',
      ended_on: '2026-03-31',
    });
  });

  it('leaves legacy v1 keys as they are both ways: it speaks camelCase (pharmacyId, pageToken, nextPageToken)', async () => {
    let query: Record<string, string> = {};
    let body: unknown;
    server.use(
      http.get('http://localhost/legacy/api/v1/medorder/stocks', ({ request }) => {
        query = Object.fromEntries(new URL(request.url).searchParams);
        return HttpResponse.json({ stocks: [{ yjCode: 'Y1', stockQuantity: '2', updatedAt: '2026-11-21T16:00:00Z', odd_key: 1 }], nextPageToken: 'n2' });
      }),
      http.post('http://localhost/legacy/api/v1/medorder/stocks/Y1/fix', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ fixedStock: { yjCode: 'Y1' } });
      }),
    );
    const { send } = clientWith();
    const { json } = await send({ path: '/api/v1/medorder/stocks', query: { pharmacyId: 3, yjCodes: ['Y1', 'Y2'], pageToken: 'n1' } });
    expect(query).toEqual({ pharmacyId: '3', yjCodes: 'Y1,Y2', pageToken: 'n1' });
    // Not camelized (odd_key stays), but typed like every response.
    expect(json).toEqual({ stocks: [{ yjCode: 'Y1', stockQuantity: 2, updatedAt: new Date('2026-11-21T16:00:00Z'), odd_key: 1 }], nextPageToken: 'n2' });
    const fixed = await send({ method: 'POST', path: '/api/v1/medorder/stocks/Y1/fix', body: { pharmacyId: 3, yjCode: 'Y1' } });
    expect(body).toEqual({ pharmacyId: 3, yjCode: 'Y1' });
    expect(fixed.json).toEqual({ fixedStock: { yjCode: 'Y1' } });
  });

  it('camelizes responses and decodes dates and quantities', async () => {
    server.use(
      http.get('http://localhost/medorder/api/v2/medorder/pharmacy/pharmacies/1/stocks/2/logs', () =>
        HttpResponse.json([{ logged_at: '2026-11-21T16:00:00Z', delta_quantity: '-1.5', stock_action: 'fix_quantity', order_point: '3', hot_code_9: '123456789' }]),
      ),
    );
    const { json } = await clientWith().send<Record<string, unknown>[]>({ path: '/api/v2/medorder/medorder/pharmacy/pharmacies/1/stocks/2/logs' });
    expect(json).toEqual([{ loggedAt: new Date('2026-11-21T16:00:00Z'), deltaQuantity: -1.5, stockAction: 'fix_quantity', orderPoint: 3, hotCode_9: '123456789' }]);
  });

  it('gives json undefined for 204 and empty bodies', async () => {
    server.use(
      http.delete(`${CORE}/admin/manuals/1`, () => new HttpResponse(null, { status: 204 })),
      http.patch(`${CORE}/admin/manuals/1`, () => new HttpResponse('', { status: 200 })),
    );
    const { send } = clientWith();
    await expect(send({ method: 'DELETE', path: '/api/v2/core/admin/manuals/1' })).resolves.toMatchObject({ status: 204, json: undefined });
    await expect(send({ method: 'PATCH', path: '/api/v2/core/admin/manuals/1', body: { title: 'x' } })).resolves.toMatchObject({ status: 200, json: undefined });
  });

  it('treats 304 (If-Updated-Since) as success without a body', async () => {
    server.use(
      http.get(`${CORE}/admin/manual_categories`, ({ request }) =>
        request.headers.get('if-updated-since') ? new HttpResponse(null, { status: 304 }) : HttpResponse.json([]),
      ),
    );
    const result = await clientWith().send({ path: '/api/v2/core/admin/manual_categories', headers: { 'If-Updated-Since': 'Sat, 21 Nov 2026 16:00:00 GMT' } });
    expect(result).toMatchObject({ status: 304, json: undefined });
  });

  it('calls onCacheClear when a response says x-store-cache-control: clear', async () => {
    server.use(
      http.get(`${CORE}/admin/companies`, () => HttpResponse.json([], { headers: { 'x-store-cache-control': 'clear' } })),
      http.get(`${CORE}/admin/groups`, () => HttpResponse.json([])),
      http.get(`${CORE}/admin/users`, () => HttpResponse.json({ errors: ['x'] }, { status: 500, headers: { 'x-store-cache-control': 'clear' } })),
    );
    const onCacheClear = vi.fn();
    const { send } = clientWith({ onCacheClear });
    await send({ path: '/api/v2/core/admin/companies' });
    await send({ path: '/api/v2/core/admin/groups' });
    expect(onCacheClear).toHaveBeenCalledTimes(1);
    await expect(send({ path: '/api/v2/core/admin/users' })).rejects.toBeInstanceOf(HttpError);
    expect(onCacheClear).toHaveBeenCalledTimes(2);
  });
});

describe('apiClient errors', () => {
  it('turns the error body into an HttpError with messages and field errors', async () => {
    server.use(
      http.post(`${CORE}/admin/companies`, () =>
        HttpResponse.json(
          { errors: ['名前を入力してください', '備考は200文字以内で入力してください'], field_errors: { name: ['を入力してください'], package_gs1_code: ['は不正な値です', 'は14桁です'], 'pharmacy_invoice.invoice_number': 'は不正な値です' } },
          { status: 422 },
        ),
      ),
    );
    const error = await clientWith().send({ method: 'POST', path: '/api/v2/core/admin/companies', body: { name: '' } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 422,
      message: '名前を入力してください\n備考は200文字以内で入力してください',
      body: {
        messages: ['名前を入力してください', '備考は200文字以内で入力してください'],
        errors: { name: 'を入力してください', packageGs1Code: 'は不正な値です は14桁です', 'pharmacyInvoice.invoiceNumber': 'は不正な値です' },
      },
    });
  });

  it.each([
    [401, '認証が必要です。'],
    [403, 'この操作を行う権限がありません。'],
    [404, '見つかりません。'],
    [500, 'サーバーでエラーが発生しました。'],
    [503, 'サーバーでエラーが発生しました。'],
  ])('falls back to a Japanese message for %i', async (status, message) => {
    server.use(http.get(`${CORE}/admin/dealers`, () => new HttpResponse('<html>oops</html>', { status })));
    await expect(clientWith().send({ path: '/api/v2/core/admin/dealers' })).rejects.toMatchObject({ status, message, body: { messages: [message], errors: {} } });
  });

  it('reports a network failure as status 0 in Japanese', async () => {
    server.use(http.get(`${CORE}/admin/dealers`, () => HttpResponse.error()));
    await expect(clientWith().send({ path: '/api/v2/core/admin/dealers' })).rejects.toMatchObject({
      status: 0,
      message: 'サーバーに接続できませんでした。',
    });
  });

  it('lets an aborted request reject with the AbortError', async () => {
    server.use(http.get(`${CORE}/admin/dealers`, () => new Promise(() => undefined)));
    const controller = new AbortController();
    const pending = clientWith().send({ path: '/api/v2/core/admin/dealers', signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('apiClient: a read refused for its pace (429)', () => {
  const tooMany = (retryAfter: string) => HttpResponse.json({ errors: ['短い時間に一覧の読み込みが多すぎます。しばらくしてから再度お試しください。'] }, { status: 429, headers: { 'retry-after': retryAfter } });

  it('waits the Retry-After and asks again; the answer is the second one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      let calls = 0;
      server.use(http.get(`${CORE}/admin/pharmacies`, () => (++calls === 1 ? tooMany('1') : HttpResponse.json([{ id: 3 }]))));
      const answer = clientWith().send({ path: '/api/v2/core/admin/pharmacies' });
      // Let the first request and its 429 through (setImmediate is not faked: a turn, not a wait).
      for (let turn = 0; turn < 1000 && vi.getTimerCount() === 0; turn++) await new Promise((resolve) => setImmediate(resolve));
      expect(calls).toBe(1);
      await vi.advanceTimersByTimeAsync(999);
      expect(calls).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect((await answer).json).toEqual([{ id: 3 }]);
      expect(calls).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never repeats a write, gives up after three retries, and does not wait longer than 10 s', async () => {
    let posts = 0;
    let gets = 0;
    server.use(
      http.post(`${CORE}/common/users/restore`, () => (posts++, tooMany('0'))),
      http.get(`${CORE}/admin/pharmacies`, () => (gets++, tooMany('0'))),
      http.get(`${CORE}/admin/companies`, () => tooMany('11')),
    );
    await expect(clientWith().send({ method: 'POST', path: '/api/v2/core/common/users/restore', body: {} })).rejects.toMatchObject({ status: 429 });
    expect(posts).toBe(1);
    await expect(clientWith().send({ path: '/api/v2/core/admin/pharmacies' })).rejects.toMatchObject({ status: 429 });
    expect(gets).toBe(4);
    await expect(clientWith().send({ path: '/api/v2/core/admin/companies' })).rejects.toMatchObject({ status: 429 });
  });

  it('an abort while waiting stops at once', async () => {
    server.use(http.get(`${CORE}/admin/pharmacies`, () => tooMany('5')));
    const controller = new AbortController();
    const answer = clientWith().send({ path: '/api/v2/core/admin/pharmacies', signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('reads Retry-After as seconds or an HTTP-date, and nothing else', () => {
    const now = Date.parse('2026-11-29T00:00:00Z');
    expect(retryAfterMs('2', now)).toBe(2000);
    expect(retryAfterMs('Sun, 29 Nov 2026 00:00:03 GMT', now)).toBe(3000);
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('-1', now)).toBeUndefined();
    expect(retryAfterMs('60', now)).toBeUndefined();
  });
});

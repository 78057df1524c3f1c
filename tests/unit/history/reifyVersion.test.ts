import { describe, expect, it, vi } from 'vitest';
import { versionMethods } from '../../../src/dataProvider/methods/versions';
import type { SendRequest } from '../../../src/dataProvider/apiClient';

describe('復元 (reifyVersion)', () => {
  it("asks the service that keeps the master's versions: the ordering service for a fixture, core for the rest", async () => {
    const send = vi.fn(async (_request: { path: string }) => ({ status: 200, headers: new Headers(), json: {} }));
    const { reifyVersion } = versionMethods(send as unknown as SendRequest);
    await reifyVersion(12, 'v2/core/master_sources/stockable_item_fixtures');
    await reifyVersion(12, 'v2/core/master_sources/orderable_item_fixtures');
    await reifyVersion(12, 'v2/core/manual_categories');
    expect(send.mock.calls.map(([request]) => request.path)).toEqual([
      '/api/v2/medorder/admin/versions/12/reify',
      '/api/v2/medorder/admin/versions/12/reify',
      '/api/v2/core/admin/versions/12/reify',
    ]);
  });
});

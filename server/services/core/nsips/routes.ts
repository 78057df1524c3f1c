import { createHash } from 'node:crypto';
import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { AuthEnv } from '../../../shared/auth';
import type { ServiceContext } from '../../../shared/context';
import { ApiError, notFoundError } from '../../../shared/errors';
import { readRoute } from '../../../shared/routes';
import { StorageError } from '../../../shared/storage';
import { labelled } from '../../../shared/validation';
import {
  NSIPS_BUCKET, NSIPS_MAX_PAGE_SIZE, NSIPS_MESSAGES, NSIPS_PAGE_SIZE, nsipsFilenameOf, nsipsKey, nsipsNameProblem, nsipsPrefix, tokenBelongsTo,
} from './names';
import { seedNsipsStorage } from './seed';

/** Seconds a file's download link stays valid: long enough to read the file, short enough to leak little. */
export const NSIPS_LINK_EXPIRES_IN = 600;

const tags = ['core: nsips'];
const BASE = '/api/v2/admin/pharmacies/{id}/s3_nsipses';

const NsipsFileSchema = z
  .object({
    key: z.string().openapi({ example: '1/20261031093512_0001.csv', description: 'ストレージのキー (薬局ごとの接頭辞つき)' }),
    filename: z.string().openapi({ example: '20261031093512_0001.csv' }),
    size: z.number().int().openapi({ description: 'バイト数' }),
    last_modified: z.string().openapi({ example: '2026-10-31T00:35:12.000Z' }),
  })
  .openapi('NsipsFile');

const NsipsListSchema = z
  .object({
    nsipses: z.array(NsipsFileSchema),
    next_continuation_token: z.string().nullable().openapi({ description: '続きがあるときだけ。次の呼び出しにそのまま渡す' }),
  })
  .openapi('NsipsList');

const pharmacyIdSchema = (name: string) =>
  labelled('薬局ID', z.string().regex(/^\d{1,12}$/).openapi({ param: { name, in: 'path' }, example: '1' }));

const listRoute = readRoute(BASE, {
  summary: '薬局のNSIPSファイル一覧 (S3 ListObjectsV2 と同じく、キーの順に継続トークンで続きを読む)',
  tags,
  badRequest: true,
  params: z.object({ id: pharmacyIdSchema('id') }),
  query: z.object({
    query: labelled('ファイル名', z.string().max(255).optional()).openapi({ description: 'ファイル名の前方一致' }),
    next_continuation_token: labelled('継続トークン', z.string().max(2000).optional()),
    max_keys: labelled('件数', z.coerce.number().int().min(1).max(NSIPS_MAX_PAGE_SIZE).optional()).openapi({ description: `省略時 ${NSIPS_PAGE_SIZE}` }),
  }),
  response: NsipsListSchema,
  responseDescription: 'ファイルと、続きがあれば継続トークン',
});

const linkRoute = readRoute('/api/v2/admin/pharmacies/{pharmacyId}/s3_nsipses/{filename}', {
  summary: `NSIPSファイルのダウンロード用署名付きURL (GET、${NSIPS_LINK_EXPIRES_IN / 60}分間有効、Shift_JIS のまま)`,
  tags,
  badRequest: true,
  params: z.object({
    pharmacyId: pharmacyIdSchema('pharmacyId'),
    filename: labelled('ファイル名', z.string().openapi({ param: { name: 'filename', in: 'path' }, example: '20261031093512_0001.csv' })),
  }),
  response: z.object({ presigned_url: z.string() }).openapi('NsipsLink'),
  responseDescription: '署名付きURL',
});

const refused = (message: string) => new ApiError(400, [message]);

/**
 * The seed of an environment's files: its own pharmacies decide it, so production and the demo
 * hold different files without the service knowing which environment it is.
 */
const environmentSeed = (db: ServiceContext['db']): number => {
  const first = db.prepare('SELECT micode, name FROM pharmacies ORDER BY id LIMIT 1').get() as { micode: string; name: string } | undefined;
  return createHash('sha256').update(first ? `${first.micode}${first.name}` : '').digest().readUInt32BE(0);
};

/** NSIPS prescription files: each pharmacy's files under its prefix in the `nsips` bucket. */
export function registerNsipsRoutes(app: OpenAPIHono<AuthEnv>, ctx: ServiceContext): void {
  const { db, storage } = ctx;
  seedNsipsStorage(storage, environmentSeed(db));

  const pharmacyId = (id: string) => {
    const row = db.prepare('SELECT id FROM pharmacies WHERE id = @id').get({ id: Number(id) }) as { id: number } | undefined;
    if (!row) throw notFoundError();
    return row.id;
  };

  app.openapi(listRoute, (c) => {
    const id = pharmacyId(c.req.valid('param').id);
    const { query = '', next_continuation_token: token, max_keys: maxKeys = NSIPS_PAGE_SIZE } = c.req.valid('query');
    const problem = nsipsNameProblem(query, { allowEmpty: true });
    if (problem) throw refused(problem);
    if (token !== undefined && !tokenBelongsTo(id, token)) throw refused(NSIPS_MESSAGES.badToken);
    let page;
    try {
      page = storage.list(NSIPS_BUCKET, `${nsipsPrefix(id)}${query}`, token, maxKeys);
    } catch (error) {
      if (error instanceof StorageError && error.status === 400) throw refused(error.message);
      throw error;
    }
    return c.json(
      {
        nsipses: page.contents.map((object) => ({
          key: object.key,
          filename: nsipsFilenameOf(id, object.key),
          size: object.size,
          last_modified: object.lastModified.toISOString(),
        })),
        next_continuation_token: page.nextContinuationToken ?? null,
      },
      200,
    );
  });

  app.openapi(linkRoute, (c) => {
    const { pharmacyId: idText, filename } = c.req.valid('param');
    const id = pharmacyId(idText);
    // Checked on the decoded name: `%2F`, `%2e%2e` and `%252e` all end here as `/`, `..` or `%`.
    const problem = nsipsNameProblem(filename);
    if (problem) throw refused(problem);
    const key = nsipsKey(id, filename);
    // A one-key listing tells whether the file exists without reading its (maybe 5 MB) bytes.
    if (storage.list(NSIPS_BUCKET, key, undefined, 1).contents[0]?.key !== key) throw new ApiError(404, [NSIPS_MESSAGES.fileNotFound]);
    return c.json({ presigned_url: storage.presignGet(NSIPS_BUCKET, key, { expiresIn: NSIPS_LINK_EXPIRES_IN, filename }) }, 200);
  });
}

import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { BATCH_TTLS } from '../../../../src/contract/pharmacy';
import type { DB } from '../../../db/open';
import type { AuthEnv } from '../../../shared/auth';
import type { ServiceContext } from '../../../shared/context';
import { assertRowCurrent, etagHeaders } from '../../../shared/conditionalWrite';
import { validationError } from '../../../shared/errors';
import { readRoute, writeRoute } from '../../../shared/routes';
import { labelled } from '../../../shared/validation';

export const BATCH_CONFIG_MESSAGES = {
  ttl: `ttlは${BATCH_TTLS.join('、')}のいずれかで指定してください。`,
  mismatch: 'use_secondaryはttlが0のときfalse、それ以外のときtrueで指定してください。',
} as const;

const BatchConfigSchema = z
  .object({
    ttl: z.number().int().openapi({ enum: [...BATCH_TTLS], description: '43200 (12時間) / 3600 (1時間) / 0 (オフ)' }),
    use_secondary: z.boolean(),
  })
  .openapi('BatchConfig');

const BatchConfigInputSchema = z
  .object({
    ttl: labelled('ttl', z.number().int().min(0).max(86_400)).optional(),
    use_secondary: labelled('use_secondary', z.boolean()).optional(),
  })
  .openapi('BatchConfigInput');

const pharmacyParam = z.object({
  id: labelled('薬局ID', z.string().regex(/^\d{1,12}$/).openapi({ param: { name: 'id', in: 'path' }, example: '1' })),
});
const path = '/api/v2/admin/pharmacies/{id}/batch_config';
const tags = ['medorder: batch config'];

const getRoute = readRoute(path, {
  summary: '薬局のバッチキュー設定 (未設定の薬局はオフ)', tags, params: pharmacyParam, response: BatchConfigSchema, responseDescription: 'バッチキュー設定', headers: etagHeaders,
});

const putRoute = writeRoute('put', path, {
  body: BatchConfigInputSchema,
  response: BatchConfigSchema,
  summary: '薬局のバッチキュー設定の更新',
  conditional: true,
  description:
    'ttl は 43200・3600・0 のいずれか。use_secondary は ttl が 0 のとき false、それ以外で true。送られなかった項目はそのまま (ttl だけ送ると use_secondary は ttl に合わせる)。',
  tags,
});

function configOf(db: DB, pharmacyId: number): z.infer<typeof BatchConfigSchema> {
  const row = db.prepare('SELECT ttl, use_secondary FROM batch_configs WHERE pharmacy_id = @pharmacyId').get({ pharmacyId }) as
    | { ttl: number; use_secondary: number }
    | undefined;
  return row ? { ttl: row.ttl, use_secondary: row.use_secondary === 1 } : { ttl: 0, use_secondary: false };
}

export function registerBatchConfigRoutes(app: OpenAPIHono<AuthEnv>, ctx: ServiceContext): void {
  const { db } = ctx;
  app.openapi(getRoute, (c) => c.json(configOf(db, Number(c.req.valid('param').id)), 200));

  app.openapi(putRoute, (c) => {
    const pharmacyId = Number(c.req.valid('param').id);
    const body = c.req.valid('json');
    db.transaction(() => {
      assertRowCurrent(c, db, 'batch_configs', pharmacyId, 'pharmacy_id');
      const current = configOf(db, pharmacyId);
      // What the body does not name stays; use_secondary follows a ttl sent alone (the two must agree).
      const ttl = body.ttl ?? current.ttl;
      const useSecondary = body.use_secondary ?? (body.ttl === undefined ? current.use_secondary : ttl !== 0);
      if (!(BATCH_TTLS as readonly number[]).includes(ttl)) throw validationError({ ttl: [BATCH_CONFIG_MESSAGES.ttl] });
      if (useSecondary !== (ttl !== 0)) throw validationError({ use_secondary: [BATCH_CONFIG_MESSAGES.mismatch] });
      // The settings as they are (stored, or the default a pharmacy without a row has) are no write.
      if (ttl === current.ttl && useSecondary === current.use_secondary) return;
      db.prepare(
        `INSERT INTO batch_configs (pharmacy_id, ttl, use_secondary, updated_at) VALUES (@pharmacyId, @ttl, @useSecondary, @at)
         ON CONFLICT(pharmacy_id) DO UPDATE SET ttl = excluded.ttl, use_secondary = excluded.use_secondary, updated_at = excluded.updated_at`,
      ).run({ pharmacyId, ttl, useSecondary: useSecondary ? 1 : 0, at: ctx.now().toISOString() });
    })();
    return c.json(configOf(db, pharmacyId), 200);
  });
}

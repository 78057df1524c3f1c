import { randomUUID } from 'node:crypto';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AuthEnv } from '../../../shared/auth';
import type { ServiceContext } from '../../../shared/context';
import { commonErrors, jsonResponse, SECURITY } from '../../../shared/openapi';
import { ManualFilePresignSchema, ManualFileQuerySchema } from './schema';

export const MANUAL_IMAGES_BUCKET = 'manual-images';
export const MANUAL_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };

const presignRoute = createRoute({
  method: 'get',
  path: '/api/v2/admin/manual_files/presigned_url',
  summary: 'マニュアル本文の画像アップロード用URL (PUTは画像の中身も確認する、5MBまで)',
  tags: ['core: manuals'],
  security: SECURITY,
  request: { query: ManualFileQuerySchema },
  responses: { 200: jsonResponse(ManualFilePresignSchema, 'PUT先と公開URL'), ...commonErrors },
});

/** Editor images: a presigned PUT into the public manual-images bucket and the URL to embed. */
export function registerManualFileRoutes(app: OpenAPIHono<AuthEnv>, ctx: ServiceContext): void {
  app.openapi(presignRoute, (c) => {
    const contentType = c.req.valid('query').content_type;
    const day = ctx.now().toISOString().slice(0, 10).replace(/-/g, '/');
    const objectName = `${day}/${randomUUID()}.${EXTENSIONS[contentType]}`;
    return c.json(
      {
        presigned_url: ctx.storage.presignPut(MANUAL_IMAGES_BUCKET, objectName, { contentType, maxBytes: MANUAL_IMAGE_MAX_BYTES }),
        public_url: ctx.storage.publicUrl(MANUAL_IMAGES_BUCKET, objectName),
        object_name: objectName,
      },
      200,
    );
  });
}

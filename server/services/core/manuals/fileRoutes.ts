import { randomUUID } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AuthEnv } from '../../../shared/auth';
import type { ServiceContext } from '../../../shared/context';
import { readRoute } from '../../../shared/routes';
import { IMAGE_TYPES, ManualFilePresignSchema } from './schema';
import { MAX_OUTSTANDING_UPLOADS, UPLOAD_LINK_SECONDS, type UploadKind, type UploadLinks } from '../../../shared/uploadLinks';

export const MANUAL_IMAGES_BUCKET = 'manual-images';
export const MANUAL_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const presignRoute = readRoute('/api/v2/admin/manual_files/presigned_url', {
  summary: 'マニュアル本文の画像アップロード用URL (PUTのContent-TypeはPNG・JPEG・GIF・WebPのいずれかで、画像の中身も確認する、5MBまで)',
  tags: ['core: manuals'],
  response: ManualFilePresignSchema,
  responseDescription: 'PUT先と公開URL',
});

/** How often unused editor images are swept away. */
const IMAGE_SWEEP_MS = 60_000;

/** Editor images: a presigned PUT into the public manual-images bucket and the URL to embed. */
export function registerManualFileRoutes(app: OpenAPIHono<AuthEnv>, ctx: ServiceContext, uploads: UploadLinks): void {
  // An image is used while a manual's content names it; one that none does goes after a day (a
  // manual being written keeps its pictures that long before it is saved).
  const shownBy = ctx.db.prepare("SELECT 1 FROM manuals WHERE instr(content, @objectName) > 0 LIMIT 1");
  const uploadKind: UploadKind = {
    name: 'manual-image', bucket: MANUAL_IMAGES_BUCKET, prefix: '', graceSeconds: 86_400,
    inUse: (objectName) => shownBy.get({ objectName }) !== undefined,
    tooMany: `画像のアップロード先を使い切りました（${UPLOAD_LINK_SECONDS / 60}分間で${MAX_OUTSTANDING_UPLOADS}件まで）。しばらく待ってからもう一度お試しください。`,
  };
  ctx.jobs.every('manual_images_sweep', IMAGE_SWEEP_MS, (now) => uploads.sweep(uploadKind, now));
  app.openapi(presignRoute, async (c) => {
    // Section 7's link takes no type: the PUT's Content-Type names the picture's kind, its bytes
    // must agree, and the public URL serves it with that type (the name carries none).
    const day = ctx.now().toISOString().slice(0, 10).replace(/-/g, '/');
    const objectName = `${day}/${randomUUID()}`;
    await uploads.issue(uploadKind, c.get('principal').sub, objectName);
    return c.json(
      {
        presigned_url: ctx.storage.presignPut(MANUAL_IMAGES_BUCKET, objectName, { contentTypes: IMAGE_TYPES, maxBytes: MANUAL_IMAGE_MAX_BYTES }),
        public_url: ctx.storage.publicUrl(MANUAL_IMAGES_BUCKET, objectName),
        object_name: objectName,
      },
      200,
    );
  });
}

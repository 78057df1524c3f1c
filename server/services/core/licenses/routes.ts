import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { writeWhenFree } from '../../../db/writeWhenFree';
import { MAX_OUTSTANDING_UPLOADS, UPLOAD_LINK_SECONDS, type UploadKind, type UploadLinks } from '../../../shared/uploadLinks';
import { randomUUID } from 'node:crypto';
import {
  LICENSE_CONTENT_TYPES, LICENSE_MAX_BYTES, LICENSE_NUMBER_MAX, sniffLicenseType,
} from '../../../../src/contract/pharmacy';
import { isDayString } from '../../../../src/contract/dates';
import type { AuthEnv } from '../../../shared/auth';
import type { ServiceContext } from '../../../shared/context';
import { notFoundError, validationError } from '../../../shared/errors';
import { answerList, type ListDeclaration } from '../../../shared/listEndpoint';
import { createRecordRoute, listRoute, readRoute, writeRoute } from '../../../shared/routes';
import { tokyoDate } from '../../../shared/time';
import { labelled } from '../../../shared/validation';
import { actorName } from '../actor';
import { SEED_LICENSE_OBJECT } from '../pharmacies/migrations';

export const LICENSE_BUCKET = 'licenses';
/** Seconds a licence's view link and an upload link stay valid. */
const VIEW_EXPIRES_IN = 300;
const UPLOAD_EXPIRES_IN = 900;

export const LICENSE_MESSAGES = {
  expiresOnPast: '本日以降で指定',
  expiresOnFormat: '有効期限は日付（yyyy-MM-dd）で入力してください。',
  expiresOnMax: '有効期限は9999-12-31以前で指定してください。',
  fileType: 'ファイルはPDF、PNG、JPEGのいずれかにしてください。',
  fileMissing: 'ファイルがアップロードされていません。もう一度アップロードしてください。',
  fileForeign: 'この薬局にアップロードされたファイルではありません。',
  fileTaken: 'このファイルはすでに登録されています。',
} as const;

const LicenseSchema = z
  .object({
    id: z.number().int(),
    active: z.boolean().openapi({ description: '有効期限が今日 (日本時間) 以降' }),
    number: z.string(),
    expires_on: z.string().openapi({ example: '2030-03-31' }),
    created_at: z.string(),
    signed_url: z.string().openapi({ description: '閲覧用の署名付きURL (5分間有効)' }),
    pharmacy_id: z.number().int(),
    pharmacy: z.object({ id: z.number().int(), name: z.string() }),
  })
  .openapi('License');

const LicenseExpirySchema = LicenseSchema.omit({ active: true, signed_url: true }).openapi('LicenseExpiry');

const LicenseInputSchema = z
  .object({
    number: labelled('許可番号', z.string().trim().min(1).max(LICENSE_NUMBER_MAX)).openapi({ example: '13薬第12345号' }),
    expires_on: labelled('有効期限', z.string().max(10)).openapi({ example: '2030-03-31' }),
    filename_s3: labelled('ファイル', z.string().min(1).max(300)).openapi({ description: 'presigned_url が返した object_name' }),
  })
  .openapi('LicenseInput');

const PresignSchema = z.object({ presigned_url: z.string(), object_name: z.string() }).openapi('LicensePresignedUrl');

const pharmacyParam = z.object({ id: labelled('薬局ID', z.string().regex(/^\d{1,12}$/).openapi({ param: { name: 'id', in: 'path' }, example: '1' })) });
const licenseParams = pharmacyParam.extend({
  licenseId: labelled('許可証ID', z.string().regex(/^\d{1,12}$/).openapi({ param: { name: 'licenseId', in: 'path' }, example: '1' })),
});

const tags = ['core: licenses'];
const BASE = '/api/v2/admin/pharmacies/{id}/licenses';
/** Enough of a file for sniffLicenseType's longest signature (PNG's 8 bytes). */
const LICENSE_SNIFF_BYTES = 16;

const listLicensesRoute = readRoute(BASE, {
  summary: '薬局の許可証一覧 (有効期限の新しい順、閲覧用の署名付きURLつき)', tags, params: pharmacyParam, response: z.array(LicenseSchema), responseDescription: '許可証',
});

const presignRoute = readRoute(`${BASE}/presigned_url`, {
  summary: '許可証ファイルのアップロード用署名付きURL (PUT、Content-TypeはPDF・PNG・JPEGのいずれかで中身と一致すること、15分間有効、10MBまで)',
  tags,
  params: pharmacyParam,
  response: PresignSchema,
  responseDescription: 'PUT先と、登録時に filename_s3 として送る object_name',
});

const createLicenseRoute = createRecordRoute(BASE, {
  summary: '許可証登録 (アップロード済みファイルの中身がPDF・PNG・JPEGであることを確認)',
  tags,
  params: pharmacyParam,
  body: LicenseInputSchema,
  response: LicenseSchema,
  responseDescription: '登録した許可証',
});

const deleteLicenseRoute = writeRoute('delete', `${BASE}/{licenseId}`, {
  summary: '許可証削除 (ファイルも削除)', tags, params: licenseParams, response: z.object({ id: z.number().int() }), responseDescription: '削除した許可証のID',
});

/** Licence expiry management: each pharmacy's latest licence, soonest expiry (or longest expired) first. */
export const LICENSE_EXPIRY_LIST = {
  base: '/core',
  path: '/api/v2/admin/licenses/expires',
  summary: '許可証の有効期限一覧 (薬局ごとの最新の許可証、期限の近い順)',
  sortColumns: { expires_on: 'l.expires_on', id: 'l.id' },
  defaultSort: 'expires_on',
  filters: {},
  fields: ['id', 'number', 'expires_on', 'created_at', 'pharmacy_id', 'pharmacy'],
} satisfies ListDeclaration;

type LicenseRow = {
  id: number;
  number: string;
  expires_on: string;
  created_at: string;
  pharmacy_id: number;
  pharmacy_name: string;
  object_name?: string;
  content_type?: string;
};

const LICENSE_SELECT = 'l.id, l.number, l.expires_on, l.created_at, l.pharmacy_id, p.name AS pharmacy_name';

const withPharmacy = ({ pharmacy_name, object_name: _object, content_type: _type, ...row }: LicenseRow) => ({
  ...row,
  pharmacy: { id: row.pharmacy_id, name: pharmacy_name },
});

/** A one-page PDF for the seeded licences (their rows all point at it). */
const SAMPLE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** How often unused licence uploads are swept away. */
const LICENSE_SWEEP_MS = 60_000;

export function registerLicenseRoutes(app: OpenAPIHono<AuthEnv>, ctx: ServiceContext, uploads: UploadLinks): void {
  const { db, storage } = ctx;
  // A licence file is used once a licence points at it; one that none does goes after an hour
  // (the dialog registers it right after the upload).
  const usedBy = db.prepare('SELECT 1 FROM licenses WHERE object_name = @objectName');
  const uploadKind: UploadKind = {
    name: 'license', bucket: LICENSE_BUCKET, prefix: 'pharmacies/', graceSeconds: 3600,
    inUse: (objectName) => usedBy.get({ objectName }) !== undefined,
    tooMany: `許可証ファイルのアップロード先を使い切りました（登録していないアップロードは${UPLOAD_LINK_SECONDS / 60}分間で${MAX_OUTSTANDING_UPLOADS}件まで）。しばらく待ってからもう一度お試しください。`,
  };
  ctx.jobs.every('license_uploads_sweep', LICENSE_SWEEP_MS, (now) => uploads.sweep(uploadKind, now));
  if (!storage.get(LICENSE_BUCKET, SEED_LICENSE_OBJECT)) storage.put(LICENSE_BUCKET, SEED_LICENSE_OBJECT, SAMPLE_PDF, 'application/pdf');

  const pharmacyOf = (id: string) => {
    const pharmacy = db.prepare('SELECT id, name FROM pharmacies WHERE id = @id').get({ id: Number(id) }) as { id: number; name: string } | undefined;
    if (!pharmacy) throw notFoundError();
    return pharmacy;
  };

  const toLicense = (row: LicenseRow, today: string) => ({
    ...withPharmacy(row),
    active: row.expires_on >= today,
    signed_url: storage.presignGet(LICENSE_BUCKET, row.object_name!, { expiresIn: VIEW_EXPIRES_IN }),
  });

  /** The pharmacy's licences, newest expiry first; one of them when `licenseId` is given. */
  const licensesOf = (pharmacyId: number, licenseId: number | null = null) =>
    db
      .prepare(
        `SELECT ${LICENSE_SELECT}, l.object_name, l.content_type FROM licenses l JOIN pharmacies p ON p.id = l.pharmacy_id
         WHERE l.pharmacy_id = @pharmacyId AND (@licenseId IS NULL OR l.id = @licenseId) ORDER BY l.expires_on DESC, l.id DESC`,
      )
      .all({ pharmacyId, licenseId }) as LicenseRow[];

  app.openapi(listLicensesRoute, (c) => {
    const pharmacy = pharmacyOf(c.req.valid('param').id);
    const today = tokyoDate(ctx.now());
    return c.json(licensesOf(pharmacy.id).map((row) => toLicense(row, today)), 200);
  });

  app.openapi(presignRoute, async (c) => {
    const pharmacy = pharmacyOf(c.req.valid('param').id);
    // Section 7's link takes no type: the PUT's Content-Type says which of the licence types the
    // file is, its bytes must agree, and the object keeps it (the registration reads it back).
    const objectName = `pharmacies/${pharmacy.id}/${randomUUID()}`;
    await uploads.issue(uploadKind, c.get('principal').sub, objectName, UPLOAD_EXPIRES_IN);
    const presignedUrl = storage.presignPut(LICENSE_BUCKET, objectName, {
      contentTypes: LICENSE_CONTENT_TYPES, maxBytes: LICENSE_MAX_BYTES, expiresIn: UPLOAD_EXPIRES_IN,
    });
    return c.json({ presigned_url: presignedUrl, object_name: objectName }, 200);
  });

  app.openapi(createLicenseRoute, async (c) => {
    const pharmacy = pharmacyOf(c.req.valid('param').id);
    const body = c.req.valid('json');
    const today = tokyoDate(ctx.now());
    const errors: Record<string, string[]> = {};
    if (!isDayString(body.expires_on)) errors.expires_on = [LICENSE_MESSAGES.expiresOnFormat];
    else if (body.expires_on < today) errors.expires_on = [LICENSE_MESSAGES.expiresOnPast];
    const objectName = body.filename_s3;
    // Only this pharmacy's uploads (a generated name): never another pharmacy's file, nor the seed
    // sample. A name with an extension is one a link gave before links took any type: still its upload.
    if (!/^pharmacies\/\d+\/[0-9a-f-]{36}(\.(pdf|png|jpg))?$/.test(objectName) || !objectName.startsWith(`pharmacies/${pharmacy.id}/`)) {
      errors.filename_s3 = [LICENSE_MESSAGES.fileForeign];
    }
    if (Object.keys(errors).length > 0) throw validationError(errors);
    // Its first bytes tell its type: the rest of a 10 MB file is never read on the request thread (issue 36).
    const object = await storage.readHead(LICENSE_BUCKET, objectName, LICENSE_SNIFF_BYTES);
    if (!object) throw validationError({ filename_s3: [LICENSE_MESSAGES.fileMissing] });
    const sniffed = sniffLicenseType(object.head);
    if (!sniffed || sniffed !== object.contentType) {
      // Not a licence file: it is removed, so nothing is left that no licence points at.
      storage.delete(LICENSE_BUCKET, objectName);
      throw validationError({ filename_s3: [LICENSE_MESSAGES.fileType] });
    }
    // A master import may hold the write lock for seconds: the thread serves others meanwhile.
    const id = await writeWhenFree(db, db.transaction(() => {
      if (db.prepare('SELECT 1 FROM licenses WHERE object_name = @objectName').get({ objectName })) {
        throw validationError({ filename_s3: [LICENSE_MESSAGES.fileTaken] });
      }
      const info = db
        .prepare(
          `INSERT INTO licenses (pharmacy_id, number, expires_on, object_name, content_type, created_at, created_by)
           VALUES (@pharmacyId, @number, @expiresOn, @objectName, @contentType, @at, @by)`,
        )
        .run({
          pharmacyId: pharmacy.id, number: body.number, expiresOn: body.expires_on, objectName, contentType: sniffed,
          at: ctx.now().toISOString(), by: actorName(db, c.get('principal')),
        });
      return Number(info.lastInsertRowid);
    }));
    c.header('x-store-cache-control', 'clear');
    return c.json(toLicense(licensesOf(pharmacy.id, id)[0], today), 201);
  });

  app.openapi(deleteLicenseRoute, (c) => {
    const { id, licenseId } = c.req.valid('param');
    const pharmacy = pharmacyOf(id);
    const row = db.prepare('SELECT id, object_name FROM licenses WHERE id = @licenseId AND pharmacy_id = @pharmacyId').get({ licenseId: Number(licenseId), pharmacyId: pharmacy.id }) as
      | { id: number; object_name: string }
      | undefined;
    if (!row) throw notFoundError();
    db.prepare('DELETE FROM licenses WHERE id = @id').run({ id: row.id });
    // The seeded sample is shared by many licences; an upload belongs to this one only.
    if (row.object_name !== SEED_LICENSE_OBJECT && !db.prepare('SELECT 1 FROM licenses WHERE object_name = @objectName').get({ objectName: row.object_name })) {
      storage.delete(LICENSE_BUCKET, row.object_name);
    }
    c.header('x-store-cache-control', 'clear');
    return c.json({ id: row.id }, 200);
  });

  app.openapi(listRoute(LICENSE_EXPIRY_LIST, LicenseExpirySchema, tags), (c) => {
    const q = c.req.valid('query');
    return answerList<LicenseRow, ReturnType<typeof withPharmacy>>(c, db, q, LICENSE_EXPIRY_LIST, {
      select: LICENSE_SELECT,
      from: 'FROM licenses l JOIN pharmacies p ON p.id = l.pharmacy_id',
      alias: 'l',
      idColumn: 'l.id',
      tables: ['licenses', 'pharmacies'],
      // A licence renewed by a later one needs no attention.
      filters: [['NOT EXISTS (SELECT 1 FROM licenses newer WHERE newer.pharmacy_id = l.pharmacy_id AND newer.expires_on > l.expires_on)']],
      toRecord: withPharmacy,
    });
  });
}

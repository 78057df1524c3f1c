import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { randomUUID } from 'node:crypto';
import { WRITE_FORBIDDEN, type AuthEnv } from '../../../shared/auth';
import type { ServiceContext } from '../../../shared/context';
import { ApiError, validationError } from '../../../shared/errors';
import { UPLOAD_LINK_SECONDS, type UploadKind, type UploadLinks } from '../../../shared/uploadLinks';
import type { InquirySide } from './access';
import {
  INQUIRY_FILE_BUCKET, INQUIRY_FILE_EXTENSIONS, INQUIRY_FILE_MAX_BYTES, INQUIRY_FILE_TYPES, isInquiryFileType, SEED_ATTACHMENTS, seedAttachmentBody, sniffImageType,
} from './files';
import type { FileSchema } from './schema';
import type { InquiryUser } from './store';
import { INQUIRY_TEXTS } from './texts';

/** How often the job runner sweeps expired uploads away. */
const UPLOAD_SWEEP_MS = 60_000;
/** Where upload URLs write (`uploads/{userId}/{uuid}`), and where a posted message's checked copy lives. */
const UPLOAD_PREFIX = 'uploads/';
const ATTACHED_PREFIX = 'attached/';
/** Enough of an attachment for sniffImageType's longest signature (PNG's 8 bytes). */
const SNIFF_BYTES = 16;

/** A checked attachment: its bytes copied under `attached/`, and the upload it came from. */
export interface Attachment {
  uploadKey: string;
  key: string;
  name: string;
  size: number;
  type: string;
  extension: string;
}

export interface InquiryAttachments {
  kind: UploadKind;
  /**
   * Checks an uploaded attachment by its first bytes; a refused object is deleted. What the
   * message keeps is a copy under `attached/`, a prefix no upload URL can write (those are all
   * `uploads/{userId}/...`), so a second PUT through the still-valid upload URL cannot swap what
   * staff were shown; the copy's own first bytes are checked again, so a swap between the check
   * and the copy is refused too. The file system makes the copy and only the heads are read: a
   * 10 MB attachment never holds the request thread (issue 36). The caller deletes the upload once
   * the message is committed.
   */
  attach(user: InquiryUser, roomId: number, file: z.infer<typeof FileSchema>): Promise<Attachment>;
  /** A presigned PUT for one PNG or JPEG image (its Content-Type says which), counted against the user's outstanding uploads. */
  presign(c: Context<AuthEnv>, user: InquiryUser, side: InquirySide): Promise<{ presigned_url: string; object_name: string }>;
  /** A deleted message's file, when it is the message's own copy (never a seed's shared image). */
  removeOf(fileObject: string | null): void;
}

/**
 * Puts the seeds' attachments in this environment's storage and schedules the sweep of expired
 * uploads. An upload under `uploads/` is copied to `attached/` when its message is posted, then
 * deleted: nothing uses an object there, so the sweep takes what an expired link left
 * (shared/uploadLinks.ts).
 */
export function setUpInquiryAttachments(ctx: ServiceContext, uploads: UploadLinks): InquiryAttachments {
  const { storage } = ctx;
  // The seeds' attachments exist in this environment's storage (they are shared by many messages).
  SEED_ATTACHMENTS.forEach(({ key }, index) => {
    if (!storage.get(INQUIRY_FILE_BUCKET, key)) storage.put(INQUIRY_FILE_BUCKET, key, seedAttachmentBody(index), 'image/png');
  });
  const kind: UploadKind = {
    name: 'inquiry', bucket: INQUIRY_FILE_BUCKET, prefix: UPLOAD_PREFIX, graceSeconds: UPLOAD_LINK_SECONDS, inUse: () => false, tooMany: INQUIRY_TEXTS.tooManyUploads,
  };
  ctx.jobs.every('inquiry_uploads_sweep', UPLOAD_SWEEP_MS, (now) => uploads.sweep(kind, now));

  return {
    kind,
    async attach(user, roomId, file) {
      const refuse = (message: string, key?: string) => {
        if (key) storage.delete(INQUIRY_FILE_BUCKET, key);
        return validationError({ file: [message] });
      };
      const key = file.file_name_s3;
      if (!key.startsWith(`${UPLOAD_PREFIX}${user.id}/`)) throw refuse(INQUIRY_TEXTS.fileMissing);
      let upload;
      try {
        upload = await storage.readHead(INQUIRY_FILE_BUCKET, key, SNIFF_BYTES);
      } catch {
        throw refuse(INQUIRY_TEXTS.fileMissing);
      }
      if (!upload) throw refuse(INQUIRY_TEXTS.fileMissing);
      if (upload.size > INQUIRY_FILE_MAX_BYTES) throw refuse(INQUIRY_TEXTS.fileTooLarge, key);
      // The type is the one the PUT sent and the storage kept (it checked the bytes then); they are
      // checked again here, for an object that came another way. The name must say an image too.
      const type = upload.contentType;
      if (!isInquiryFileType(type) || sniffImageType(upload.head) !== type || !/\.(png|jpe?g)$/i.test(file.name)) throw refuse(INQUIRY_TEXTS.fileRefused, key);
      const extension = INQUIRY_FILE_EXTENSIONS[type];
      const attachedKey = `${ATTACHED_PREFIX}${roomId}/${randomUUID()}`;
      if (!(await storage.copy(INQUIRY_FILE_BUCKET, key, attachedKey, type))) throw refuse(INQUIRY_TEXTS.fileMissing);
      const kept = await storage.readHead(INQUIRY_FILE_BUCKET, attachedKey, SNIFF_BYTES);
      if (!kept || kept.size > INQUIRY_FILE_MAX_BYTES || sniffImageType(kept.head) !== type) {
        storage.delete(INQUIRY_FILE_BUCKET, attachedKey);
        throw refuse(INQUIRY_TEXTS.fileRefused, key);
      }
      return { uploadKey: key, key: attachedKey, name: file.name, size: kept.size, type, extension };
    },
    async presign(c, user, side) {
      // An upload is only ever attached to a message: a user who may write in no pharmacy's room gets no upload link.
      if (side === 'pharmacy' && ![...c.get('principal').pharmacyRights.values()].includes('write')) throw new ApiError(403, [WRITE_FORBIDDEN]);
      const objectName = `${UPLOAD_PREFIX}${user.id}/${randomUUID()}`;
      await uploads.issue(kind, user.id, objectName);
      const presignedUrl = storage.presignPut(INQUIRY_FILE_BUCKET, objectName, { contentTypes: INQUIRY_FILE_TYPES, maxBytes: INQUIRY_FILE_MAX_BYTES, expiresIn: UPLOAD_LINK_SECONDS });
      return { presigned_url: presignedUrl, object_name: objectName };
    },
    removeOf(fileObject) {
      if (fileObject && (fileObject.startsWith(ATTACHED_PREFIX) || fileObject.startsWith(UPLOAD_PREFIX))) storage.delete(INQUIRY_FILE_BUCKET, fileObject);
    },
  };
}

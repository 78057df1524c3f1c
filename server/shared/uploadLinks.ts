import type { DB } from '../db/open';
import { tryWrite, writeWhenFree } from '../db/writeWhenFree';
import { ApiError } from './errors';
import type { BlobStorage } from './storage';

/**
 * Upload links for every kind of upload (chat attachments, licence files, manual images), so no
 * user can take links without bound and nothing uploaded stays without an owner (issue 36).
 * - Each link is recorded (`upload_links`): who took it, for which object, until when. A user may
 *   hold at most `MAX_OUTSTANDING_UPLOADS` unexpired links of a kind that no record took yet;
 *   one more is a 429 in the kind's own words.
 * - A record that takes the object (a message, a licence) says so (`taken`): its link is done.
 * - The sweep, per kind, forgets expired links, then deletes every object under the kind's prefix
 *   that no live link covers and nothing uses once it is older than the kind's grace (what an
 *   expired link left, an object from before the records, one written twice), as an S3
 *   lifecycle rule would.
 */
export const UPLOAD_LINK_SECONDS = 900;
export const MAX_OUTSTANDING_UPLOADS = 20;

export interface UploadKind {
  /** Its name in the records (`inquiry`, `license`, `manual-image`). */
  name: string;
  bucket: string;
  /** Where its links write: the sweep looks only there. */
  prefix: string;
  /** How long an unused object may stay: an upload is used soon after it is made (a manual being written keeps its pictures longer). */
  graceSeconds: number;
  /** Whether a record uses the object (a licence points at it, a manual shows it). */
  inUse: (objectName: string) => boolean;
  /** The 429's sentence: what ran out, and what to do. */
  tooMany: string;
}

export interface UploadLinks {
  /** Records a link to `objectName` for `user` (429 beyond the bound); then sign it. */
  issue(kind: UploadKind, user: string | number, objectName: string, expiresInSeconds?: number): Promise<void>;
  /** A record took the object: its link is done. */
  taken(kind: UploadKind, objectName: string): void;
  /** The lifecycle rule of one kind, at `now`. */
  sweep(kind: UploadKind, now: Date): void;
}

export const UPLOAD_LINKS_TABLE_SQL = `
  CREATE TABLE upload_links (
    kind TEXT NOT NULL,
    object_name TEXT NOT NULL,
    user_key TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    PRIMARY KEY (kind, object_name)
  ) WITHOUT ROWID;
  CREATE INDEX upload_links_user ON upload_links(kind, user_key, expires_at);
  CREATE INDEX upload_links_expiry ON upload_links(kind, expires_at);`;

export function createUploadLinks(db: DB, storage: BlobStorage, now: () => Date): UploadLinks {
  const outstanding = db.prepare('SELECT COUNT(*) AS n FROM upload_links WHERE kind = @kind AND user_key = @user AND expires_at > @now');
  const insert = db.prepare('INSERT INTO upload_links (kind, object_name, user_key, expires_at) VALUES (@kind, @objectName, @user, @expiresAt)');
  const remove = db.prepare('DELETE FROM upload_links WHERE kind = @kind AND object_name = @objectName');
  const removeExpired = db.prepare('DELETE FROM upload_links WHERE kind = @kind AND expires_at <= @at');
  const live = db.prepare('SELECT 1 FROM upload_links WHERE kind = @kind AND object_name = @objectName');
  return {
    async issue(kind, user, objectName, expiresInSeconds = UPLOAD_LINK_SECONDS) {
      const at = now();
      // A master import may hold the write lock for seconds: the thread serves others meanwhile.
      await writeWhenFree(db, db.transaction(() => {
        const { n } = outstanding.get({ kind: kind.name, user: String(user), now: at.toISOString() }) as { n: number };
        if (n >= MAX_OUTSTANDING_UPLOADS) throw new ApiError(429, [kind.tooMany]);
        insert.run({ kind: kind.name, objectName, user: String(user), expiresAt: new Date(at.getTime() + expiresInSeconds * 1000).toISOString() });
      }));
    },
    taken(kind, objectName) {
      remove.run({ kind: kind.name, objectName });
    },
    sweep(kind, at) {
      // A sweep can wait for its next turn: while a worker holds the write lock (a master import's
      // apply, seconds), it does not hold the request thread in SQLite's busy wait (issue 36).
      if (!tryWrite(db, () => removeExpired.run({ kind: kind.name, at: at.toISOString() })).done) return;
      const oldest = at.getTime() - kind.graceSeconds * 1000;
      let token: string | undefined;
      do {
        const page = storage.list(kind.bucket, kind.prefix, token);
        for (const object of page.contents) {
          if (object.lastModified.getTime() > oldest || live.get({ kind: kind.name, objectName: object.key }) || kind.inUse(object.key)) continue;
          storage.delete(kind.bucket, object.key);
        }
        token = page.nextContinuationToken;
      } while (token);
    },
  };
}


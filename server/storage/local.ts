import { randomUUID } from 'node:crypto';
import { copyFile, link, mkdir, open, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import {
  StorageError,
  type BlobHead,
  type BlobObject,
  type BlobStorage,
  type ListResult,
  type PresignGetOptions,
  type PresignPutOptions,
  type StagedObject,
} from '../shared/storage';
import { checkBucketName, compareKeys, encodeKey, normaliseKey, normalisePrefix, STORAGE_MESSAGES } from './keys';
import { uploadIntake, type Intake } from './intake';
import { grantQuery, type Grant } from './signing';

export interface BucketSettings {
  /** Anyone may GET its objects without a signature (manual images embedded in markdown). */
  public?: boolean;
  /** Checks an uploaded body's first bytes against the Content-Type its PUT sent (licences, chat attachments, manual images). */
  accepts?: (body: Buffer, contentType: string) => boolean;
}

export interface LocalStorageOptions {
  /** `DATA_DIR/storage/<environment>`: one folder per bucket, plus `.meta` and `.tmp`. */
  root: string;
  /** Where the routes are mounted: `/storage` or `/demo/storage`. */
  mount: string;
  buckets: Record<string, BucketSettings>;
  secret: Buffer;
  now: () => Date;
  /** The pace of reading upload bodies (server/storage/intake.ts); the process's shared one unless a test passes its own. */
  intake?: Intake;
}

/** The storage plus what its HTTP routes need to check a request. */
export interface LocalStorage extends BlobStorage {
  readonly mount: string;
  readonly secret: Buffer;
  readonly now: () => Date;
  isPublic(bucket: string): boolean;
  /** Whether the bucket takes this body as this content type (its `accepts` rule; true without one). */
  accepts(bucket: string, body: Buffer, contentType: string): boolean;
  /**
   * Streams a body into place (a presigned PUT): chunk by chunk into `.tmp`, never whole in
   * memory, counting bytes as they come; past `maxBytes` it stops reading and deletes the partial
   * file ('tooLarge'); the bucket's `accepts` rule judges the first bytes ('refused'). Only a
   * complete, accepted body is renamed into place.
   */
  putStream(bucket: string, key: string, body: AsyncIterable<Uint8Array> | null, contentType: string, maxBytes: number): Promise<'ok' | 'tooLarge' | 'refused'>;
  /** Throws StorageError(404) for a bucket nobody declared. */
  checkBucket(bucket: string): void;
}

export const DEFAULT_EXPIRES_IN = 900;
/** S3's longest presigned URL life: 7 days. */
const MAX_EXPIRES_IN = 7 * 24 * 3600;
/** Uploads stream to disk before the atomic rename; the limit keeps one upload's disk use modest. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
/** Bytes of an upload written by one writev (at most two batches of an upload are held at once). */
const WRITE_BATCH_BYTES = 1024 * 1024;
/** How much of an uploaded body a bucket's `accepts` rule sees (magic numbers need a dozen bytes). */
const HEAD_BYTES = 64;
const MEDIA_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+(\s*;\s*[a-z0-9!#$&^_.+-]+=("[^"\\\r\n]*"|[a-z0-9!#$&^_.+-]+))*$/i;
/** A presigned PUT's allowed types: no parameters, so the list is plain to compare and to carry in the URL. */
const BARE_MEDIA_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/i;
const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

function checkExpiresIn(expiresIn: number): number {
  if (!Number.isInteger(expiresIn) || expiresIn < 1 || expiresIn > MAX_EXPIRES_IN) {
    throw new RangeError(`expiresIn must be an integer between 1 and ${MAX_EXPIRES_IN} seconds`);
  }
  return expiresIn;
}

/**
 * Blob storage over the file system: an object `bucket/a/b.pdf` is the file
 * `root/bucket/a/b.pdf` (its mtime is the injected clock's time of the PUT) and its content type
 * sits in `root/.meta/bucket/a/b.pdf`. Writes go to `root/.tmp` first and are renamed into place,
 * so a reader never sees half a file.
 */
export function createLocalStorage(options: LocalStorageOptions): LocalStorage {
  const { root, mount, buckets, secret, now, intake = uploadIntake } = options;
  const tmpDir = join(root, '.tmp');

  const checkBucket = (bucket: string) => {
    checkBucketName(bucket);
    if (!Object.hasOwn(buckets, bucket)) throw new StorageError(404, STORAGE_MESSAGES.badBucket);
  };
  const bucketDir = (bucket: string) => join(root, bucket);
  /** The file of a (normalised) key, checked once more to lie inside its bucket. */
  const pathOf = (base: string, key: string) => {
    const path = resolve(base, ...key.split('/'));
    if (!path.startsWith(resolve(base) + sep)) throw new StorageError(400, STORAGE_MESSAGES.badKey);
    return path;
  };
  const dataPath = (bucket: string, key: string) => pathOf(bucketDir(bucket), key);
  const metaPath = (bucket: string, key: string) => pathOf(join(root, '.meta', bucket), key);
  const expiresAt = (expiresIn: number) => Math.floor(now().getTime() / 1000) + checkExpiresIn(expiresIn);
  const url = (grant: Grant) => `${mount}/${grant.bucket}/${encodeKey(grant.key)}?${grantQuery(secret, grant)}`;

  /** A failed placing as the caller meets it: a clash of keys is a 409, anything else as it came. */
  const placingError = (e: unknown) => {
    const code = (e as NodeJS.ErrnoException).code;
    // `a` is a file and `a/b` is wanted, or `a` is a folder of other keys.
    return code === 'ENOTDIR' || code === 'EEXIST' || code === 'EISDIR' ? new StorageError(409, STORAGE_MESSAGES.clash) : e;
  };

  /** Moves a finished temporary file to `path`, in a folder made for it; when that fails, nothing is left. */
  const placeSync = (tmp: string, path: string) => {
    try {
      mkdirSync(dirname(path), { recursive: true });
      renameSync(tmp, path);
    } catch (e) {
      rmSync(tmp, { force: true });
      throw placingError(e);
    }
  };

  const writeAtomically = (path: string, body: Buffer | string) => {
    mkdirSync(tmpDir, { recursive: true });
    const tmp = join(tmpDir, randomUUID());
    writeFileSync(tmp, body);
    placeSync(tmp, path);
  };

  /**
   * Renames a finished temporary file into place, then dates it and records its type: the async
   * twin of `writeAtomically` for bodies that came in chunks or were copied by the file system,
   * so no step holds the request thread.
   */
  const placeAtomically = async (tmp: string, bucket: string, normal: string, contentType: string) => {
    const path = dataPath(bucket, normal);
    try {
      await renameInto(tmp, path);
    } catch (e) {
      await rm(tmp, { force: true });
      throw placingError(e);
    }
    const at = now();
    await utimes(path, at, at);
    const meta = metaPath(bucket, normal);
    const metaTmp = join(tmpDir, randomUUID());
    await writeFile(metaTmp, JSON.stringify({ contentType }));
    await renameInto(metaTmp, meta);
  };

  /**
   * Folders a rename is placing a file into, with how many: a delete's pruning leaves them and
   * their parents be. The folder is made and the file renamed in two steps on libuv's pool, and a
   * delete of the folder's last other object between them pruned it (a chat attachment's message
   * deletes its upload while the same user's next upload is placed: a 500 in issue 36's bench).
   */
  const placing = new Map<string, number>();
  const isBeingPlacedInto = (dir: string) => [...placing.keys()].some((target) => target === dir || target.startsWith(dir + sep));

  /** Renames a file into a folder made for it. */
  const renameInto = async (from: string, to: string) => {
    const dir = dirname(to);
    placing.set(dir, (placing.get(dir) ?? 0) + 1);
    try {
      await mkdir(dir, { recursive: true });
      await rename(from, to);
    } finally {
      const left = placing.get(dir)! - 1;
      if (left === 0) placing.delete(dir);
      else placing.set(dir, left);
    }
  };

  /** The type recorded at the object's PUT; an object written by hand is bytes. */
  const contentTypeOf = async (bucket: string, normal: string) => {
    try {
      return (JSON.parse(await readFile(metaPath(bucket, normal), 'utf8')) as { contentType: string }).contentType;
    } catch {
      return DEFAULT_CONTENT_TYPE; // written before its metadata, or by hand: served as bytes
    }
  };

  /** Removes folders left empty by a delete, up to (not including) `stop`. */
  const pruneEmptyFolders = (from: string, stop: string) => {
    for (let dir = from; dir.startsWith(stop + sep); dir = dirname(dir)) {
      if (isBeingPlacedInto(dir)) return;
      try {
        rmdirSync(dir);
      } catch {
        return; // not empty (or already gone)
      }
    }
  };

  const walk = (dir: string, keyPrefix: string, out: string[]) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const key = keyPrefix + entry.name;
      if (entry.isDirectory()) walk(join(dir, entry.name), `${key}/`, out);
      else if (entry.isFile()) out.push(key);
    }
  };

  const storage: LocalStorage = {
    mount,
    secret,
    now,
    checkBucket,
    isPublic: (bucket) => Object.hasOwn(buckets, bucket) && buckets[bucket].public === true,
    accepts: (bucket, body, contentType) => !Object.hasOwn(buckets, bucket) || (buckets[bucket].accepts?.(body, contentType) ?? true),

    presignPut(bucket, key, { contentTypes, maxBytes, expiresIn = DEFAULT_EXPIRES_IN }: PresignPutOptions) {
      checkBucket(bucket);
      if (contentTypes.length === 0) throw new RangeError('a presigned PUT names at least one media type');
      for (const type of contentTypes) if (!BARE_MEDIA_TYPE.test(type)) throw new RangeError(`not a bare media type: ${type}`);
      if (!Number.isInteger(maxBytes) || maxBytes < 1 || maxBytes > MAX_UPLOAD_BYTES) {
        throw new RangeError(`maxBytes must be an integer between 1 and ${MAX_UPLOAD_BYTES}`);
      }
      return url({ method: 'PUT', mount, bucket, key: normaliseKey(key), expires: expiresAt(expiresIn), contentTypes: contentTypes.map((type) => type.toLowerCase()), maxBytes });
    },

    presignGet(bucket, key, { expiresIn = DEFAULT_EXPIRES_IN, filename }: PresignGetOptions = {}) {
      checkBucket(bucket);
      return url({ method: 'GET', mount, bucket, key: normaliseKey(key), expires: expiresAt(expiresIn), filename });
    },

    publicUrl(bucket, key) {
      checkBucket(bucket);
      if (!storage.isPublic(bucket)) throw new RangeError(`bucket ${bucket} is not public`);
      return `${mount}/${bucket}/${encodeKey(normaliseKey(key))}`;
    },

    list(bucket, prefix = '', continuationToken, maxKeys = 1000): ListResult {
      checkBucket(bucket);
      const normalPrefix = normalisePrefix(prefix);
      let after: string | undefined;
      if (continuationToken !== undefined) {
        after = Buffer.from(continuationToken, 'base64url').toString('utf8');
        if (Buffer.from(after).toString('base64url') !== continuationToken) throw new StorageError(400, STORAGE_MESSAGES.badToken);
        after = normaliseKey(after);
      }
      const limit = Math.min(1000, Math.max(1, Math.trunc(maxKeys) || 1000));
      // Only the folder the prefix points into needs walking.
      const folder = normalPrefix.includes('/') ? normalPrefix.slice(0, normalPrefix.lastIndexOf('/') + 1) : '';
      const keys: string[] = [];
      walk(folder ? pathOf(bucketDir(bucket), folder.slice(0, -1)) : bucketDir(bucket), folder, keys);
      const matching = keys
        .filter((k) => k.startsWith(normalPrefix) && (after === undefined || compareKeys(k, after) > 0))
        .sort(compareKeys);
      const page = matching.slice(0, limit);
      const contents = page.map((key) => {
        const stat = statSync(dataPath(bucket, key));
        return { key, size: stat.size, lastModified: stat.mtime };
      });
      const isTruncated = matching.length > limit;
      return {
        contents,
        keyCount: contents.length,
        isTruncated,
        ...(isTruncated ? { nextContinuationToken: Buffer.from(page[page.length - 1]).toString('base64url') } : {}),
      };
    },

    delete(bucket, key) {
      checkBucket(bucket);
      const normal = normaliseKey(key);
      for (const [path, stop] of [
        [dataPath(bucket, normal), bucketDir(bucket)],
        [metaPath(bucket, normal), join(root, '.meta', bucket)],
      ]) {
        try {
          if (statSync(path).isFile()) rmSync(path);
        } catch {
          continue;
        }
        pruneEmptyFolders(dirname(path), stop);
      }
    },

    async putStream(bucket, key, body, contentType, maxBytes) {
      checkBucket(bucket);
      if (!MEDIA_TYPE.test(contentType)) throw new RangeError(`not a media type: ${contentType}`);
      const normal = normaliseKey(key);
      dataPath(bucket, normal); // a key that would leave its bucket is refused before any byte is read
      await mkdir(tmpDir, { recursive: true });
      const tmp = join(tmpDir, randomUUID());
      const file = await open(tmp, 'w');
      let outcome: 'ok' | 'tooLarge' | 'refused' = 'ok';
      let head = Buffer.alloc(0);
      let judged = false;
      /** The bucket's rule on the first bytes; a refused body is read on (for its 415, or its 413) but no longer written. */
      const judge = () => {
        judged = true;
        if (!storage.accepts(bucket, head, contentType)) outcome = 'refused';
      };
      // Chunks go out in batches of WRITE_BATCH_BYTES by one writev while the next batch comes in:
      // a 10 MB body is ten writes, not 160, each a hand-over to libuv's pool that woke a thread
      // competing with this one for a core (issue 36).
      let batch: Uint8Array[] = [];
      let batchBytes = 0;
      let writing: Promise<unknown> = Promise.resolve();
      const flush = async () => {
        await writing;
        writing = file.writev(batch);
        batch = [];
        batchBytes = 0;
      };
      try {
        try {
          let total = 0;
          // Leaving the loop early (one byte too many) ends the body: its iterator's return cancels it.
          for await (const value of body ?? []) {
            total += value.byteLength;
            if (total > maxBytes) {
              outcome = 'tooLarge';
              break;
            }
            if (head.length < HEAD_BYTES) {
              head = Buffer.concat([head, Buffer.from(value.subarray(0, HEAD_BYTES - head.length))]);
              if (head.length === HEAD_BYTES) judge();
            }
            if (outcome === 'ok') {
              batch.push(value);
              batchBytes += value.byteLength;
              if (batchBytes >= WRITE_BATCH_BYTES) await flush();
            }
            // Not read on until the pace allows: meanwhile the rest of the body waits in the kernel.
            const turn = intake.take(value.byteLength);
            if (turn) await turn;
          }
          if (outcome === 'ok' && !judged) judge(); // a body shorter than HEAD_BYTES
          if (outcome === 'ok' && batch.length > 0) await flush();
        } finally {
          // Every write started is waited for (its error included) before the file is closed.
          await writing.finally(() => file.close());
        }
      } catch (e) {
        // An aborted upload: no partial file is left behind.
        await rm(tmp, { force: true });
        throw e;
      }
      if (outcome !== 'ok') {
        await rm(tmp, { force: true });
        return outcome;
      }
      await placeAtomically(tmp, bucket, normal, contentType);
      return 'ok';
    },

    async copy(bucket, fromKey, toKey, contentType) {
      checkBucket(bucket);
      if (!MEDIA_TYPE.test(contentType)) throw new RangeError(`not a media type: ${contentType}`);
      const from = dataPath(bucket, normaliseKey(fromKey));
      const normal = normaliseKey(toKey);
      await mkdir(tmpDir, { recursive: true });
      const tmp = join(tmpDir, randomUUID());
      try {
        // A second name for the same file: no object is ever written in place (every write renames
        // a new file over its name, and a delete unlinks only its own name), so the copy never
        // changes when the original is replaced or deleted, as with S3's CopyObject. A chat
        // attachment's 10 MB was a kernel copy on libuv's pool, a core's time beside the request
        // thread while 16 uploads came in (issue 36 item 3). Where a link is refused (another file
        // system), the kernel copies (copy_file_range), still off this thread. One difference from
        // S3: the two names share one modification time, so placing the copy also makes the
        // original's lastModified the copy's time. The one caller (a chat attachment) copies an
        // upload that is then dropped, and the age sweep reads it only as "not older than now".
        await link(from, tmp).catch(async (e: NodeJS.ErrnoException) => {
          if (e.code === 'ENOENT' || e.code === 'EISDIR' || e.code === 'ENOTDIR') throw e;
          await copyFile(from, tmp);
        });
      } catch (e) {
        await rm(tmp, { force: true });
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return false;
        throw e;
      }
      await placeAtomically(tmp, bucket, normal, contentType);
      return true;
    },

    stage(bucket, key, contentType): StagedObject {
      checkBucket(bucket);
      if (!MEDIA_TYPE.test(contentType)) throw new RangeError(`not a media type: ${contentType}`);
      const normal = normaliseKey(key);
      const path = dataPath(bucket, normal);
      mkdirSync(tmpDir, { recursive: true });
      const file = join(tmpDir, randomUUID());
      return {
        file,
        place() {
          placeSync(file, path);
          const at = now();
          utimesSync(path, at, at);
          writeAtomically(metaPath(bucket, normal), JSON.stringify({ contentType }));
        },
        discard() {
          rmSync(file, { force: true });
        },
      };
    },

    localFile(bucket, key) {
      checkBucket(bucket);
      const path = dataPath(bucket, normaliseKey(key));
      try {
        return statSync(path).isFile() ? path : undefined;
      } catch {
        return undefined;
      }
    },

    async readHead(bucket, key, bytes): Promise<BlobHead | undefined> {
      checkBucket(bucket);
      const normal = normaliseKey(key);
      let file;
      try {
        file = await open(dataPath(bucket, normal), 'r');
      } catch {
        return undefined;
      }
      let head: Buffer;
      let size: number;
      let lastModified: Date;
      try {
        const stats = await file.stat();
        if (!stats.isFile()) return undefined;
        size = stats.size;
        lastModified = stats.mtime;
        const buffer = Buffer.alloc(Math.max(0, Math.min(bytes, size)));
        const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
        head = buffer.subarray(0, bytesRead);
      } finally {
        await file.close();
      }
      return { head, size, lastModified, contentType: await contentTypeOf(bucket, normal) };
    },

    put(bucket, key, body, contentType, lastModified) {
      checkBucket(bucket);
      if (!MEDIA_TYPE.test(contentType)) throw new RangeError(`not a media type: ${contentType}`);
      const normal = normaliseKey(key);
      // The data first: a key clash (409) then leaves nothing behind.
      const path = dataPath(bucket, normal);
      writeAtomically(path, body);
      const at = lastModified ?? now();
      utimesSync(path, at, at);
      writeAtomically(metaPath(bucket, normal), JSON.stringify({ contentType }));
    },

    async read(bucket, key): Promise<BlobObject | undefined> {
      checkBucket(bucket);
      const normal = normaliseKey(key);
      let body: Buffer;
      let lastModified: Date;
      try {
        const path = dataPath(bucket, normal);
        lastModified = (await stat(path)).mtime;
        body = await readFile(path);
      } catch {
        return undefined;
      }
      return { body, contentType: await contentTypeOf(bucket, normal), lastModified };
    },

    get(bucket, key): BlobObject | undefined {
      checkBucket(bucket);
      const normal = normaliseKey(key);
      let body: Buffer;
      let lastModified: Date;
      try {
        const path = dataPath(bucket, normal);
        lastModified = statSync(path).mtime;
        body = readFileSync(path);
      } catch {
        return undefined;
      }
      let contentType = DEFAULT_CONTENT_TYPE;
      try {
        contentType = (JSON.parse(readFileSync(metaPath(bucket, normal), 'utf8')) as { contentType: string }).contentType;
      } catch {
        /* written before its metadata, or by hand: served as bytes */
      }
      return { body, contentType, lastModified };
    },
  };
  return storage;
}

/**
 * What a service may ask of blob storage, shaped like the slice of S3 the real services use
 * (presigned PUT/GET, ListObjectsV2, DeleteObject). Services get an implementation passed in
 * (server/storage/local.ts over DATA_DIR in the reference API) and never touch files themselves.
 */
export interface PresignPutOptions {
  /**
   * The media types the uploader may send, one of them as the PUT's Content-Type (S3 signs none:
   * spec section 7's links take no type); another is refused with 415, and so is a body whose
   * first bytes are not what its Content-Type says where the bucket checks them. The object is
   * stored with the Content-Type its PUT sent.
   */
  contentTypes: readonly string[];
  /** Largest body accepted, in bytes; a bigger one is refused with 413. */
  maxBytes: number;
  /** Seconds the URL stays valid (S3's `expiresIn`); default 900. */
  expiresIn?: number;
}

export interface PresignGetOptions {
  expiresIn?: number;
  /** Offered as the download's file name (Content-Disposition: attachment). */
  filename?: string;
}

export interface StoredObject {
  key: string;
  size: number;
  lastModified: Date;
}

/** ListObjectsV2's answer, in its own words. */
export interface ListResult {
  contents: StoredObject[];
  keyCount: number;
  isTruncated: boolean;
  nextContinuationToken?: string;
}

export interface BlobObject {
  body: Buffer;
  contentType: string;
  lastModified: Date;
}

/** An object's size and type with only its first bytes (S3's GetObject with `Range: bytes=0-{n-1}`). */
export interface BlobHead {
  /** At most the bytes asked for (fewer when the object is shorter). */
  head: Buffer;
  size: number;
  contentType: string;
  lastModified: Date;
}

/**
 * An object another process writes (a job process: the request thread never holds its bytes).
 * It writes `file`; `place` then puts the file under its key in one rename (quick enough for the
 * caller's database transaction, so the record and the object change together); `discard` drops
 * it. A staged file is never seen under its key before `place`.
 */
export interface StagedObject {
  readonly file: string;
  place(): void;
  discard(): void;
}

export interface BlobStorage {
  presignPut(bucket: string, key: string, options: PresignPutOptions): string;
  presignGet(bucket: string, key: string, options?: PresignGetOptions): string;
  /** The unsigned URL of an object in a public bucket (manual images). */
  publicUrl(bucket: string, key: string): string;
  /** Keys in UTF-8 byte order, at most `maxKeys` (1-1000, default 1000) per page. */
  list(bucket: string, prefix?: string, continuationToken?: string, maxKeys?: number): ListResult;
  /** Deleting a missing key is not an error (as in S3). */
  delete(bucket: string, key: string): void;
  /** `lastModified` (default: now) lets seeds date their objects the way they would have arrived. */
  put(bucket: string, key: string, body: Buffer | string, contentType: string, lastModified?: Date): void;
  get(bucket: string, key: string): BlobObject | undefined;
  /** `get` without holding the thread while a big object is read (S3's GetObject is async anyway). */
  read(bucket: string, key: string): Promise<BlobObject | undefined>;
  /**
   * The first `bytes` of an object, its size and type, without reading the rest: what a type
   * check by magic number needs of a 10 MB upload.
   */
  readHead(bucket: string, key: string, bytes: number): Promise<BlobHead | undefined>;
  /**
   * S3's CopyObject (metadata replaced by `contentType`): the copy is made by the file system off
   * the request thread and appears whole or not at all. False when `fromKey` does not exist.
   */
  copy(bucket: string, fromKey: string, toKey: string, contentType: string): Promise<boolean>;
  /** A new object for another process to write, put under `key` with `contentType` by its `place`. */
  stage(bucket: string, key: string, contentType: string): StagedObject;
  /**
   * The file holding an object's bytes on this machine (undefined when there is none), for a job
   * process to read them itself: handing megabytes over from the request thread held it for tens
   * of milliseconds (issue 36).
   */
  localFile(bucket: string, key: string): string | undefined;
}

/** A refused storage call: a bad key or token (400), an unknown bucket (404), a key clash (409). */
export class StorageError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

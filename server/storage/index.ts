import { join } from 'node:path';
import { createLocalStorage, type BucketSettings, type LocalStorage } from './local';
import { createStorageRoutes } from './routes';
import { isFileOf, isImageOf } from './fileBytes';
import { loadStorageSecret } from './signing';

export { createLocalStorage, type LocalStorage } from './local';
export { createStorageRoutes } from './routes';

/**
 * The buckets the services use. Only manual images are public: the markdown of a manual embeds
 * their URLs, which must not expire. The buckets that take presigned PUTs check each body's first
 * bytes against the Content-Type it was sent with (the link says which types it takes).
 */
export const BUCKETS: Record<string, BucketSettings> = {
  licenses: { accepts: isFileOf },
  'inquiry-files': { accepts: isImageOf },
  nsips: {},
  'master-files': {},
  'manual-images': { public: true, accepts: isImageOf },
};

/** The signing key of every environment's presigned URLs (each URL also names its mount). */
export const storageSecretFile = (dataDir: string) => join(dataDir, 'storage-signing.key');

export interface EnvironmentStorageOptions {
  dataDir: string;
  environment: string;
  /** `''` for production, `/demo` for the demo environment. */
  prefix: string;
  now: () => Date;
  buckets?: Record<string, BucketSettings>;
}

/** `DATA_DIR/storage/<environment>/<bucket>/...`, served at `{prefix}/storage/...`. */
export function createEnvironmentStorage(options: EnvironmentStorageOptions): { storage: LocalStorage; routes: ReturnType<typeof createStorageRoutes> } {
  const storage = createLocalStorage({
    root: join(options.dataDir, 'storage', options.environment),
    mount: `${options.prefix}/storage`,
    buckets: options.buckets ?? BUCKETS,
    secret: loadStorageSecret(storageSecretFile(options.dataDir)),
    now: options.now,
  });
  return { storage, routes: createStorageRoutes(storage) };
}

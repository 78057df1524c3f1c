/**
 * The PC app's release descriptors (spec section 7 "Other"): `latest.yml` (Windows) and
 * `latest-mac.yml` (Mac) on the PC-app host, YAML with path, releaseDate, version and files[].url.
 * Pure apart from the injected fetch, so the rules are unit-tested. The YAML parser is a chunk of
 * its own, loaded beside the descriptor's request: only the home page needs it.
 */
export type Platform = 'Windows' | 'Mac';

export const PLATFORMS: readonly Platform[] = ['Windows', 'Mac'];

export const DESCRIPTOR_FILES: Record<Platform, string> = {
  Windows: 'latest.yml',
  Mac: 'latest-mac.yml',
};

export const RELEASE_LOAD_ERROR_MESSAGE = 'リリース情報を取得できませんでした。';

export interface ReleaseDescriptor {
  path: string;
  releaseDate?: string;
  version: string;
  files: { url: string }[];
}

export interface Release {
  platform: Platform;
  version: string;
  releaseDate?: string;
  /** Absolute (or host-relative) link to the installer. */
  downloadUrl: string;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

const loadYaml = () => import('yaml');

/**
 * Parses a descriptor. The failsafe schema keeps every scalar a string, so `version: 1.10` stays
 * `1.10` (the core schema would read the number 1.1) and the release date is not reinterpreted.
 */
export const parseDescriptor = async (source: string, yaml: Promise<typeof import('yaml')> = loadYaml()): Promise<ReleaseDescriptor> => {
  const value: unknown = (await yaml).parse(source, { schema: 'failsafe' });
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('release descriptor is not a mapping');
  const record = value as Record<string, unknown>;
  const files = (Array.isArray(record.files) ? record.files : [])
    .map((file) => text((file as Record<string, unknown> | null)?.url))
    .filter((url): url is string => url !== undefined)
    .map((url) => ({ url }));
  const path = text(record.path) ?? files[0]?.url;
  const version = text(record.version);
  if (!path || !version) throw new Error('release descriptor lacks path or version');
  return { path, version, releaseDate: text(record.releaseDate), files };
};

/** The installer to offer: the Mac row uses the disk image (.dmg) when the descriptor lists one. */
export const installerFile = (descriptor: ReleaseDescriptor, platform: Platform): string => {
  if (platform === 'Mac') {
    const dmg = descriptor.files.find((file) => /\.dmg$/i.test(file.url.split(/[?#]/)[0]));
    if (dmg) return dmg.url;
  }
  return descriptor.path;
};

const trimSlashes = (host: string) => host.replace(/\/+$/, '');

const encodeSegment = (segment: string) => {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // A stray % is taken literally.
  }
  return encodeURIComponent(decoded);
};

/** `${pcAppHost}/${file}`, each path segment encoded once (installer names often contain spaces). */
export const downloadUrl = (pcAppHost: string, file: string): string => {
  if (/^https?:\/\//i.test(file)) return file;
  const path = file.replace(/^\/+/, '').split('/').map(encodeSegment).join('/');
  return `${trimSlashes(pcAppHost)}/${path}`;
};

/** The descriptor's URL with a timestamp so no cache answers with an old release. */
export const descriptorUrl = (pcAppHost: string, platform: Platform, now: number): string =>
  `${trimSlashes(pcAppHost)}/${DESCRIPTOR_FILES[platform]}?t=${now}`;

export interface FetchReleaseOptions {
  fetch?: typeof fetch;
  now?: () => number;
  signal?: AbortSignal;
}

/** Fetches and reads one platform's descriptor; rejects on any HTTP or parse failure. */
export const fetchRelease = async (pcAppHost: string, platform: Platform, options: FetchReleaseOptions = {}): Promise<Release> => {
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const now = options.now ?? Date.now;
  const url = descriptorUrl(pcAppHost, platform, now());
  // The parser's chunk loads while the request is in flight, not after it.
  const yaml = loadYaml();
  yaml.catch(() => undefined);
  const response = await fetchImpl(url, { signal: options.signal });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  const descriptor = await parseDescriptor(await response.text(), yaml);
  return {
    platform,
    version: descriptor.version,
    releaseDate: descriptor.releaseDate,
    downloadUrl: downloadUrl(pcAppHost, installerFile(descriptor, platform)),
  };
};

import { createHash } from 'node:crypto';
import { stringify } from 'yaml';

export const PC_APP_VERSION = '3.4.1';
const RELEASE_DATE = '2026-10-20T03:00:00.000Z';

function file(url: string, size: number) {
  return { url, sha512: createHash('sha512').update(url).digest('base64'), size };
}

/** electron-builder style update descriptors (`latest.yml` for Windows, `latest-mac.yml`). */
export function latestYml(platform: 'win' | 'mac'): string {
  const v = PC_APP_VERSION;
  const files =
    platform === 'win'
      ? [file(`cs-portal-pc-Setup-${v}.exe`, 93_452_816)]
      : [file(`cs-portal-pc-${v}-mac.zip`, 121_834_507), file(`cs-portal-pc-${v}.dmg`, 126_017_392)];
  const main = platform === 'win' ? files[0] : files[1];
  return stringify({ version: v, files, path: main.url, sha512: main.sha512, releaseDate: RELEASE_DATE });
}

import { describe, expect, it, vi } from 'vitest';
import {
  descriptorUrl,
  downloadUrl,
  fetchRelease,
  installerFile,
  parseDescriptor,
} from '../../../src/customRoutes/home/releases';

const windowsYaml = `version: 1.10.0
files:
  - url: CS-App-Setup-1.10.0.exe
    sha512: abc==
    size: 81234567
path: CS App Setup 1.10.0.exe
sha512: abc==
releaseDate: '2026-03-04T01:30:00.000Z'
`;

const macYaml = `version: 1.10
files:
  - url: CS-App-1.10-mac.zip
    sha512: def==
  - url: CS-App-1.10.dmg
    sha512: ghi==
path: CS-App-1.10-mac.zip
releaseDate: '2026-03-05T10:00:00.000Z'
`;

const responseOf = (body: string, status = 200) => new Response(body, { status });

describe('parseDescriptor', () => {
  it('reads path, version, releaseDate and the file urls', async () => {
    await expect(parseDescriptor(windowsYaml)).resolves.toEqual({
      path: 'CS App Setup 1.10.0.exe',
      version: '1.10.0',
      releaseDate: '2026-03-04T01:30:00.000Z',
      files: [{ url: 'CS-App-Setup-1.10.0.exe' }],
    });
  });

  it('keeps a version that looks like a number as written', async () => {
    expect((await parseDescriptor(macYaml)).version).toBe('1.10');
  });

  it('falls back to the first file when path is missing', async () => {
    expect((await parseDescriptor('version: 2.0.0\nfiles:\n  - url: a.exe\n')).path).toBe('a.exe');
  });

  it('rejects text that is not a descriptor', async () => {
    await expect(parseDescriptor('<html>Not Found</html>')).rejects.toThrow();
    await expect(parseDescriptor('- a\n- b\n')).rejects.toThrow();
    await expect(parseDescriptor('path: a.exe\n')).rejects.toThrow();
    await expect(parseDescriptor('version: [unclosed')).rejects.toThrow();
  });
});

describe('installerFile', () => {
  it('uses the disk image for Mac and path for Windows', async () => {
    const mac = await parseDescriptor(macYaml);
    expect(installerFile(mac, 'Mac')).toBe('CS-App-1.10.dmg');
    expect(installerFile(mac, 'Windows')).toBe('CS-App-1.10-mac.zip');
  });

  it('falls back to path when Mac has no .dmg', async () => {
    const mac = await parseDescriptor('version: 1.0.0\npath: app.zip\nfiles:\n  - url: app.zip\n');
    expect(installerFile(mac, 'Mac')).toBe('app.zip');
  });
});

describe('urls', () => {
  it('puts a timestamp on the descriptor url', () => {
    expect(descriptorUrl('https://pc.example.test/', 'Windows', 1700000000000)).toBe('https://pc.example.test/latest.yml?t=1700000000000');
    expect(descriptorUrl('/pc-app', 'Mac', 5)).toBe('/pc-app/latest-mac.yml?t=5');
  });

  it('joins the host and the file, encoding each segment once', () => {
    expect(downloadUrl('https://pc.example.test', 'CS App Setup 1.0.exe')).toBe('https://pc.example.test/CS%20App%20Setup%201.0.exe');
    expect(downloadUrl('https://pc.example.test/', 'already%20encoded.exe')).toBe('https://pc.example.test/already%20encoded.exe');
    expect(downloadUrl('https://pc.example.test', 'mac/app.dmg')).toBe('https://pc.example.test/mac/app.dmg');
    expect(downloadUrl('https://pc.example.test', 'https://cdn.example.test/app.dmg')).toBe('https://cdn.example.test/app.dmg');
  });
});

describe('fetchRelease', () => {
  it('fetches the platform descriptor with a timestamp and builds the download link', async () => {
    const fetch = vi.fn(async () => responseOf(macYaml));
    const release = await fetchRelease('https://pc.example.test', 'Mac', { fetch, now: () => 42 });
    expect(fetch).toHaveBeenCalledWith('https://pc.example.test/latest-mac.yml?t=42', expect.anything());
    expect(release).toEqual({
      platform: 'Mac',
      version: '1.10',
      releaseDate: '2026-03-05T10:00:00.000Z',
      downloadUrl: 'https://pc.example.test/CS-App-1.10.dmg',
    });
  });

  it('rejects on an HTTP error', async () => {
    const fetch = vi.fn(async () => responseOf('Not Found', 404));
    await expect(fetchRelease('https://pc.example.test', 'Windows', { fetch })).rejects.toThrow(/404/);
  });

  it('rejects on a body that is not a descriptor', async () => {
    const fetch = vi.fn(async () => responseOf('<!doctype html><title>SPA</title>'));
    await expect(fetchRelease('https://pc.example.test', 'Windows', { fetch })).rejects.toThrow();
  });
});

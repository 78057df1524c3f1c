// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { isSafeImageUrl, isSafeLinkUrl } from '../../../../src/resources/manuals/safeUrls';

describe('manual URL rules', () => {
  it('takes images from our object store only (any environment, relative or this origin), never another host', () => {
    const here = window.location.origin;
    for (const ok of ['/storage/manual-images/2026/11/22/a.png', '/demo/storage/manual-images/x.webp', `${here}/storage/manual-images/a.png`]) expect(isSafeImageUrl(ok), ok).toBe(true);
    for (const bad of [
      'https://evil.example/track.png',
      'https://example.jp/a.png',
      'https://evil.example/storage/manual-images/a.png',
      `${here}.evil.example/storage/manual-images/a.png`,
      `${here}/storage/licenses/a.pdf`,
      'javascript:alert(1)',
      'data:image/svg+xml;base64,AAAA',
      'http://tracker.example/p.gif',
      '//evil.example/a.png',
      '/storage/licenses/secret.pdf',
      '/storage/manual-images/../licenses/a.pdf',
      ' /storage/manual-images/a.png',
      'java\nscript:alert(1)',
      '',
      null,
    ]) expect(isSafeImageUrl(bad), String(bad)).toBe(false);
  });

  it('takes links to https, http, mailto and this site, never a script URL in any disguise', () => {
    for (const ok of ['https://kouseikyoku.mhlw.go.jp/', 'http://example.jp', 'mailto:cs@example.jp', '/v2/core/manuals/3', '#手順']) expect(isSafeLinkUrl(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', ' javascript:alert(1)', '\u0001javascript:alert(1)', 'vbscript:x', 'data:text/html,x', '//evil.example', 'file:///etc/passwd'])
      expect(isSafeLinkUrl(bad), bad).toBe(false);
  });
});

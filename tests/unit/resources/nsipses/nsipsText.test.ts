import fc from 'fast-check';
import Encoding from 'encoding-japanese';
import { describe, expect, it } from 'vitest';
import { decodeCp932, formatFileSize, nsipsCountLabel, nsipsFileRoute, nsipsPharmacyRoute, previewText } from '../../../../src/resources/nsipses/nsipsText';
import { matchResource, matchSubRoute } from '../../../../src/lib/specPaths';
import { routeCatalogue } from '../../../../src/resources/registry';

describe('decodeCp932', () => {
  it('reads the NEC and IBM extension characters Shift_JIS lacks', () => {
    const text = 'JAHIS10\r\n81,1,①一包化　㈱ファーマ　第Ⅲ回　髙橋　山﨑\r\n';
    const bytes = Uint8Array.from(Encoding.convert(Encoding.stringToCode(text), { to: 'SJIS', from: 'UNICODE' }));
    expect(decodeCp932(bytes)).toBe(text);
  });

  it('never throws on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect(typeof decodeCp932(bytes)).toBe('string');
      }),
    );
  });
});

describe('nsipsCountLabel', () => {
  it('is N, or N + M while more remain', () => {
    expect(nsipsCountLabel(25, true, 25)).toBe('25 + 25');
    expect(nsipsCountLabel(41, false, 25)).toBe('41');
    expect(nsipsCountLabel(1200, true, 25)).toBe('1,200 + 25');
  });
});

describe('previewText', () => {
  it('keeps a short text whole and cuts a long one at a line end within the limit', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 30 }).map((line) => line.replace(/\n/g, '')), { maxLength: 40 }), fc.integer({ min: 1, max: 400 }), (lines, limit) => {
        const text = lines.map((line) => `${line}\n`).join('');
        const preview = previewText(text, limit);
        expect(preview.truncated).toBe(text.length > limit);
        expect(text.startsWith(preview.text)).toBe(true);
        expect(preview.text.length).toBeLessThanOrEqual(limit + 1);
        if (preview.truncated && preview.text.length > 0 && text.lastIndexOf('\n', limit) > 0) expect(preview.text.endsWith('\n')).toBe(true);
      }),
    );
  });
});

describe('routes', () => {
  it('writes the spec’s detail route, which the router takes for the declared sub-route, not a record', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99999 }), fc.stringMatching(/^[0-9A-Za-z_.薬 %#?]{1,30}$/), (id, filename) => {
        const path = nsipsFileRoute(id, filename);
        const found = matchResource(path, routeCatalogue)!;
        expect(found.resource).toBe('v2/core/nsipses');
        expect(found.rest.map(decodeURIComponent)).toEqual([String(id), filename]);
        expect(matchSubRoute(found.rest, found.entry)).toBe(':id/:filename');
      }),
    );
    expect(nsipsPharmacyRoute(12)).toBe('/v2/core/nsipses/12');
  });

  it('shows sizes in bytes, grouped', () => {
    expect(formatFileSize(5292360)).toBe('5,292,360 バイト');
  });
});

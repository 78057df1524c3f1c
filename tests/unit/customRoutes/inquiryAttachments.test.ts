import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attachmentContentType, attachmentProblem, ATTACHMENT_SIZE_MESSAGE, ATTACHMENT_TYPE_MESSAGE } from '../../../src/customRoutes/inquiries/attachmentRules';
import { cableUrlWithToken } from '../../../src/customRoutes/inquiries/cableUrl';

describe('attachment rules', () => {
  it('takes png, jpg and jpeg up to 10 MB, whatever the case of the extension', () => {
    for (const name of ['a.png', 'b.JPG', 'c.jpeg', '写真.PnG']) expect(attachmentProblem({ name, size: 10 * 1024 * 1024 })).toBeUndefined();
    expect(attachmentProblem({ name: 'a.png', size: 10 * 1024 * 1024 + 1 })).toBe(ATTACHMENT_SIZE_MESSAGE);
    for (const name of ['a.gif', 'a.png.exe', 'png', 'a.pdf', 'a.mp3']) expect(attachmentProblem({ name, size: 1 })).toBe(ATTACHMENT_TYPE_MESSAGE);
    expect(attachmentContentType({ name: 'a.png', type: '' })).toBe('image/png');
    expect(attachmentContentType({ name: 'a.jpeg', type: 'application/octet-stream' })).toBe('image/jpeg');
  });

  it('refuses every other extension (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.stringMatching(/^[a-z0-9]{1,5}$/), (stem, extension) => {
        fc.pre(!['png', 'jpg', 'jpeg'].includes(extension));
        expect(attachmentProblem({ name: `${stem}.${extension}`, size: 1 })).toBe(ATTACHMENT_TYPE_MESSAGE);
      }),
    );
  });
});

describe('cable URL', () => {
  it('resolves a path against the page and carries the token in the query', () => {
    expect(cableUrlWithToken('/cable', 'a.b.c', { protocol: 'https:', host: 'portal.example.com' })).toBe('wss://portal.example.com/cable?token=a.b.c');
    expect(cableUrlWithToken('/demo/cable', 't', { protocol: 'http:', host: '127.0.0.1:3000' })).toBe('ws://127.0.0.1:3000/demo/cable?token=t');
    expect(cableUrlWithToken('wss://cable.example.com/cable?x=1', 't&u', { protocol: 'http:', host: 'x' })).toBe('wss://cable.example.com/cable?x=1&token=t%26u');
  });
});

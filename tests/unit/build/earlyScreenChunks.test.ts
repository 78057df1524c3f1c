import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { earlyScreenScript } from '../../../vite.config';

/** The chunks of a build, as Rolldown hands them over: what each is, and what it imports statically. */
const chunk = (fileName: string, fields: Partial<OutputChunk>): OutputChunk =>
  ({ type: 'chunk', fileName, name: fileName.split('-')[0].replace('assets/', ''), imports: [], isEntry: false, facadeModuleId: null, ...fields }) as OutputChunk;

const bundle = Object.fromEntries(
  [
    chunk('assets/rolldown-runtime-a.js', {}),
    chunk('assets/index-b.js', { isEntry: true, imports: ['assets/rolldown-runtime-a.js'], facadeModuleId: '/app/index.html' }),
    chunk('assets/pieces-c.js', { imports: ['assets/index-b.js'] }),
    chunk('assets/list-d.js', { name: 'list', imports: ['assets/index-b.js', 'assets/pieces-c.js', 'assets/rolldown-runtime-a.js'] }),
    chunk('assets/InquiriesPage-e.js', { imports: ['assets/index-b.js', 'assets/pieces-c.js'], facadeModuleId: '/app/src/customRoutes/inquiries/InquiriesPage.tsx' }),
    chunk('assets/HomePage-f.js', { imports: ['assets/index-b.js'], facadeModuleId: '/app/src/customRoutes/home/HomePage.tsx' }),
  ].map((file) => [file.fileName, file]),
) as OutputBundle;

/** Runs the written script at `pathname`: the links it put in the head. */
const linksAt = (pathname: string) => {
  const head: Record<string, string>[] = [];
  const link = () => ({}) as Record<string, string>;
  runInNewContext(earlyScreenScript(bundle), {
    location: { pathname },
    document: { createElement: link, head: { appendChild: (element: Record<string, string>) => head.push(element) } },
  });
  return head;
};

describe('the first screen\'s chunks asked before the start-up script has run (issue 38)', () => {
  it('preloads a list\'s chunk and what it imports beyond the entry\'s, as Vite\'s own preload links them', () => {
    expect(linksAt('/v2/core/pharmacies')).toEqual([
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/list-d.js' },
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/pieces-c.js' },
    ]);
    expect(linksAt('/v2/medorder/ethical_medicines/').map((element) => element.href)).toEqual(['/assets/list-d.js', '/assets/pieces-c.js']);
  });

  it('preloads the inquiries screen\'s chunks at its address, not the list\'s', () => {
    expect(linksAt('/v2/core/inquiries').map((element) => element.href)).toEqual(['/assets/InquiriesPage-e.js', '/assets/pieces-c.js']);
  });

  it('preloads nothing elsewhere: the home screen, a record, a form, the login page', () => {
    for (const pathname of ['/', '/v2/core/pharmacies/12', '/v2/core/pharmacies/new', '/login', '/develop/jwt']) expect(linksAt(pathname), pathname).toEqual([]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { onLinkIntent } from '../../src/app/listPrefetch';

const ORIGIN = window.location.origin;

afterEach(() => {
  document.body.innerHTML = '';
});

/** A fresh root per test, so listeners of earlier tests never fire. */
const setUp = (html: string) => {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  const prefetch = vi.fn();
  onLinkIntent(root as unknown as Document, ORIGIN, prefetch);
  return { root, prefetch };
};

describe('onLinkIntent', () => {
  it('passes where an in-app link goes on pointer over, pointer down and keyboard focus, from any element inside the link', () => {
    const { root, prefetch } = setUp('<a href="/v2/core/pharmacies?page=2"><span class="icon">*</span>薬局一覧</a>');
    const icon = root.querySelector('.icon')!;
    icon.dispatchEvent(new Event('pointerover', { bubbles: true }));
    icon.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    root.querySelector('a')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(prefetch.mock.calls).toEqual(Array.from({ length: 3 }, () => [{ pathname: '/v2/core/pharmacies', search: '?page=2' }]));
  });

  it('passes the record a list row opens on the pointer over any of its cells; a link inside the row passes its own address', () => {
    const { root, prefetch } = setUp(
      '<table><tbody><tr data-opens="/v2/core/pharmacies/7"><td class="name">薬局A</td><td><a href="/v2/core/companies/3">会社</a></td></tr></tbody></table>',
    );
    root.querySelector('.name')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    root.querySelector('a')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(prefetch.mock.calls).toEqual([[{ pathname: '/v2/core/pharmacies/7', search: '' }], [{ pathname: '/v2/core/companies/3', search: '' }]]);
  });

  it('ignores other sites, new tabs, downloads and anything that is not a link', () => {
    const { root, prefetch } = setUp(
      '<a href="https://elsewhere.test/v2/core/pharmacies">a</a><a href="/v2/core/pharmacies" target="_blank">b</a><a href="/x.csv" download>c</a><button>d</button><a>e</a>',
    );
    for (const element of root.querySelectorAll('a, button')) element.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(prefetch).not.toHaveBeenCalled();
  });
});

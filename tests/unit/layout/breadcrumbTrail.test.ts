import { describe, expect, it } from 'vitest';
import { breadcrumbTrail } from '../../../src/layout/breadcrumbTrail';
import { routeLabels } from '../../../src/layout/menu';
import { findResource, routeCatalogue } from '../../../src/resources/registry';
import { defineResource } from '../../../src/resources/defineResource';

const catalogue = { routeCatalogue, findResource, routeLabels };
const trail = (pathname: string) => breadcrumbTrail(pathname, catalogue);
const home = { label: 'ホーム', to: '/' };
const companies = { label: '薬局会社一覧', to: '/v2/core/companies' };

describe('breadcrumbTrail', () => {
  it('is only ホーム at the root', () => {
    expect(trail('/')).toEqual([home]);
  });

  it('names the master on its list', () => {
    expect(trail('/v2/core/companies')).toEqual([home, companies]);
    expect(trail('/v2/core/dealers')).toEqual([home, { label: '卸一覧', to: '/v2/core/dealers' }]);
  });

  it("uses the list screen's own name where it is not 「…一覧」 (バッチコピー管理, as the menu and its heading say)", () => {
    const manager = { label: 'バッチコピー管理', to: '/v2/core/embulk_manager' };
    expect(trail('/v2/core/embulk_manager')).toEqual([home, manager]);
    expect(trail('/v2/core/embulk_manager/embulks')).toEqual([home, manager, { label: 'ジョブ一覧' }]);
  });

  it('adds 新規作成 on the create page', () => {
    expect(trail('/v2/core/companies/new')).toEqual([home, companies, { label: '新規作成' }]);
  });

  it('adds the record (looked up by id) on the detail page, linking to its detail', () => {
    expect(trail('/v2/core/companies/12')).toEqual([
      home,
      companies,
      { record: { resource: 'v2/core/companies', id: '12' }, to: '/v2/core/companies/12' },
    ]);
  });

  it("names another master's record when the URL's id is that master's (a pharmacy's NSIPS files)", () => {
    expect(trail('/v2/core/nsipses/3')[2]).toEqual({ record: { resource: 'v2/core/pharmacies', id: '3' }, to: '/v2/core/nsipses/3' });
  });

  it('decodes an encoded id', () => {
    expect(trail('/v2/core/dealers/a%20b')[2].record).toEqual({ resource: 'v2/core/dealers', id: 'a b' });
  });

  it('adds the tab label on a detail tab', () => {
    const crumbs = trail('/v2/core/companies/12/pharmacies');
    expect(crumbs).toHaveLength(4);
    expect(crumbs[2].record).toEqual({ resource: 'v2/core/companies', id: '12' });
    expect(crumbs[3]).toEqual({ label: '薬局一覧' });
  });

  it('names the 変更履歴 tab in Japanese, though no declaration lists it (issue 39)', () => {
    expect(trail('/v2/core/companies/12/history').at(-1)).toEqual({ label: '変更履歴' });
  });

  it('adds 編集 on the edit page', () => {
    const crumbs = trail('/v2/core/companies/12/edit');
    expect(crumbs.map((crumb) => crumb.label ?? crumb.record?.id)).toEqual(['ホーム', '薬局会社一覧', '12', '編集']);
  });

  it('uses the menu entry for custom routes', () => {
    expect(trail('/develop/jwt')).toEqual([home, { label: 'JWT', to: '/develop/jwt' }]);
  });

  it('names the developer screens, including those the sidebar does not list', () => {
    expect(trail('/develop')).toEqual([home, { label: '開発者メニュー', to: '/develop' }]);
    expect(trail('/develop/profile')).toEqual([home, { label: 'プロフィール', to: '/develop/profile' }]);
    expect(trail('/develop/user-restore')).toEqual([home, { label: 'ユーザー復元', to: '/develop/user-restore' }]);
  });

  it('takes the longest matching custom route, whatever the list order', () => {
    const labels = [
      { label: '親', to: '/tools' },
      { label: '子', to: '/tools/child' },
    ];
    const pick = (pathname: string, routeLabels: typeof labels) =>
      breadcrumbTrail(pathname, { routeCatalogue, findResource, routeLabels })[1];
    expect(pick('/tools/child', labels)).toEqual({ label: '子', to: '/tools/child' });
    expect(pick('/tools/child', [...labels].reverse())).toEqual({ label: '子', to: '/tools/child' });
    expect(pick('/tools/other', labels)).toEqual({ label: '親', to: '/tools' });
    expect(pick('/toolsx', labels)).toEqual({ label: 'ページが見つかりません' });
  });

  it('says the page is not found for an unknown path', () => {
    expect(trail('/no/such/page')).toEqual([home, { label: 'ページが見つかりません' }]);
  });

  it('does not take a resource-name prefix for the resource', () => {
    expect(trail('/v2/core/companiesx')).toEqual([home, { label: 'ページが見つかりません' }]);
  });
});

describe('breadcrumbTrail with declared sub-routes', () => {
  const manuals = defineResource({
    name: 'v2/core/manuals',
    label: 'マニュアル',
    recordLabel: 'マニュアル',
    api: '/api/v2/core/admin/manuals',
    fields: { id: { type: 'id', label: 'ID', sortable: true } },
    list: { columns: ['id'], defaultSort: { field: 'id', order: 'ASC' } },
    routes: [{ path: 'search', label: '検索結果', view: async () => ({ default: () => null }) }],
  });
  const withManuals = {
    routeCatalogue: [...routeCatalogue, { name: manuals.name, routes: ['search'] }],
    findResource: (name: string) => (name === manuals.name ? manuals : findResource(name)),
    routeLabels,
  };

  it('treats a sub-route as a fixed point, never as a record id', () => {
    expect(breadcrumbTrail('/v2/core/manuals/search', withManuals)).toEqual([
      home,
      { label: 'マニュアル一覧', to: '/v2/core/manuals' },
      { label: '検索結果' },
    ]);
    expect(breadcrumbTrail('/v2/core/manuals/12', withManuals)[2]).toEqual({
      record: { resource: 'v2/core/manuals', id: '12' },
      to: '/v2/core/manuals/12',
    });
  });
});

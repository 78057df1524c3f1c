import { ALL_CAPABILITIES } from '../../../src/contract/additions';
import { describe, expect, it } from 'vitest';
import { resources, findResource } from '../../../src/resources/registry';
import fc from 'fast-check';
import { BY_RELEVANCE, codePageGroup, hitsOf, isWholeText, paletteScreens, planLookups, recentOf, resultFieldsOf, screenGroup, searchesNames } from '../../../src/features/palette/paletteLookups';
import { gs1CheckDigit } from '../../../src/contract/medicineCodes';

const plan = (text: string) => planLookups(resources, text, ALL_CAPABILITIES).map((lookup) => [lookup.resource, lookup.filter]);

describe('the palette’s lookups, derived from the declarations', () => {
  it('a name is searched in every master whose list searches (and only plain lists)', () => {
    const names = planLookups(resources, 'さくら', ALL_CAPABILITIES).map((lookup) => lookup.resource);
    expect(names).toEqual(resources.filter(searchesNames).map((resource) => resource.name));
    expect(names).toEqual(expect.arrayContaining(['v2/core/pharmacies', 'v2/core/companies', 'v2/core/groups', 'v2/core/users', 'v2/core/manuals', 'v2/core/dealers', 'v2/core/ethical_medicines']));
    // NSIPS searches file names under a pharmacy: no palette lookup without one.
    expect(names).not.toContain('v2/core/nsipses');
    expect(plan('さくら')[0]).toEqual(['v2/core/pharmacies', { addEnded: true, query: 'さくら' }]);
    // Names by relevance (the best of all matches); a code in the list's own order.
    expect(planLookups(resources, 'さくら', ALL_CAPABILITIES).every((lookup) => lookup.sort === BY_RELEVANCE)).toBe(true);
    expect(planLookups(resources, '1341234560', ALL_CAPABILITIES).map((lookup) => lookup.sort)).toEqual([undefined]);
  });

  it('a micode goes to the pharmacies’ search only (equality first on the server)', () => {
    expect(plan('1341234560')).toEqual([['v2/core/pharmacies', { addEnded: true, query: '1341234560' }]]);
  });

  it('an id goes by ids= to the masters that declare it; a postal code to the pharmacies', () => {
    const lookups = plan('150-0002');
    expect(lookups).toContainEqual(['v2/core/pharmacies', { addEnded: true, query: '1500002' }]);
    expect(lookups).toContainEqual(['v2/core/pharmacies', { addEnded: true, ids: '1500002' }]);
    expect(lookups).toContainEqual(['v2/core/ethical_medicines', { includeInactive: true, query: '1500002' }]);
    expect(plan('42')).toEqual([
      ['v2/core/pharmacies', { addEnded: true, ids: '42' }],
      ['v2/core/users', { ids: '42' }],
      ['v2/core/companies', { ids: '42' }],
      ['v2/core/groups', { ids: '42' }],
      ['v2/core/manuals', { ids: '42' }],
    ]);
  });

  it('a JAN: the ethical medicines’ search and the orderable fixtures’ own filters, one call per filter', () => {
    const body = '498712345678';
    const jan = `${body}${gs1CheckDigit(body)}`;
    const lookups = plan(jan);
    expect(lookups).toContainEqual(['v2/core/ethical_medicines', { includeInactive: true, query: jan }]);
    expect(lookups).toContainEqual(['v2/core/master_sources/orderable_item_fixtures', { janCode: jan }]);
    expect(lookups).toContainEqual(['v2/core/master_sources/orderable_item_fixtures', { hotCode: jan }]);
    expect(lookups.filter(([resource]) => resource === 'v2/core/ethical_medicines')).toHaveLength(1);
  });

  it('a YJ code: ethical medicines and stockable fixtures', () => {
    expect(plan('1124003f2230')).toEqual([
      ['v2/core/ethical_medicines', { includeInactive: true, query: '1124003F2230' }],
      ['v2/core/master_sources/stockable_item_fixtures', { yjCode: '1124003F2230' }],
    ]);
  });

  it('without the phone search (the platform as specified), a phone number is not looked up; ten digits are still a micode', () => {
    expect(planLookups(resources, '090-1234-5678', new Set())).toEqual([]);
    const [micode] = planLookups(resources, '0436360235', new Set()).filter((lookup) => lookup.resource === 'v2/core/pharmacies');
    expect(micode.code!.fields.map(({ field }) => field)).toEqual(['micode']);
  });

  it('a phone or fax number, however grouped, finds the pharmacy that holds it (ten digits may be a micode too)', () => {
    const pharmacies = findResource('v2/core/pharmacies')!;
    for (const typed of ['043-636-0235', '0436360235', '０４３－６３６－０２３５']) {
      const lookups = planLookups(resources, typed, ALL_CAPABILITIES).filter((lookup) => lookup.resource === 'v2/core/pharmacies');
      expect(lookups.map((lookup) => lookup.filter), typed).toEqual([{ addEnded: true, query: '0436360235' }]);
      expect(lookups[0].code!.fields.map(({ field }) => field), typed).toEqual(expect.arrayContaining(['micode', 'phone', 'fax']));
    }
    const [mobile] = planLookups(resources, '090-1234-5678', ALL_CAPABILITIES);
    expect(mobile.code!.fields).toEqual([
      { field: 'phone', shape: 'phone' },
      { field: 'fax', shape: 'phone' },
    ]);
    const [lookup] = planLookups(resources, '043-636-0235', ALL_CAPABILITIES).filter((candidate) => candidate.resource === 'v2/core/pharmacies');
    const hits = hitsOf(pharmacies, lookup, [
      { id: 1, name: 'さくら薬局', micode: '1341234560', phone: '043-636-0235', fax: null, address1: '千葉県' },
      { id: 2, name: 'ひかり薬局', micode: '1200000000', phone: '043-000-0000', fax: '043-636-0235' },
      { id: 3, name: '住所に0436360235', micode: '1300000000', phone: '03-0000-0000' },
    ]);
    expect(hits.map((hit) => [hit.id, hit.detail])).toEqual([
      ['1', `${pharmacies.fields.phone.label} 043-636-0235\u30001341234560\u3000千葉県`],
      ['2', `${pharmacies.fields.fax.label} 043-636-0235\u30001200000000`],
    ]);
  });

  it('an invoice or licence number, however written, goes to the pharmacies’ search where the code search is; every row it answers holds it (issue 40)', () => {
    const pharmacies = findResource('v2/core/pharmacies')!;
    for (const [typed, query] of [
      ['T6221848063027', 'T6221848063027'],
      ['ｔ６２２１８４８０６３０２７', 'T6221848063027'],
      ['14薬第91565号', '14薬第91565号'],
      ['１４薬第９１５６５号', '14薬第91565号'],
    ] as const) {
      expect(plan(typed), typed).toEqual([['v2/core/pharmacies', { addEnded: true, query }]]);
      // On the platform as specified `query` matches neither: nothing is asked.
      expect(planLookups(resources, typed, new Set()), typed).toEqual([]);
    }
    const [lookup] = planLookups(resources, '14薬第91565号', ALL_CAPABILITIES);
    const hits = hitsOf(pharmacies, lookup, [{ id: 7, name: 'かもめ薬局 市川店', micode: '1241234567', address1: '千葉県' }]);
    expect(hits.map((hit) => [hit.id, hit.label, hit.detail, hit.codeMatch])).toEqual([['7', 'かもめ薬局 市川店', '許可番号 14薬第91565号\u30001241234567\u3000千葉県', true]]);
    // A name is still a name, and the shape is the licence's alone.
    expect(plan('かもめ薬局')[0]).toEqual(['v2/core/pharmacies', { addEnded: true, query: 'かもめ薬局' }]);
  });

  it('a code lookup keeps only rows holding the code; names come from recordRepresentation', () => {
    const pharmacies = findResource('v2/core/pharmacies')!;
    const [lookup] = planLookups(resources, '1341234560', ALL_CAPABILITIES);
    const hits = hitsOf(pharmacies, lookup, [
      { id: 1, name: 'さくら薬局', micode: '1341234560', address1: '東京都', address2: '渋谷区', address3: '神宮前1-1' },
      { id: 2, name: '住所に1341234560', micode: '1300000000' },
    ]);
    expect(hits).toEqual([
      expect.objectContaining({ key: 'v2/core/pharmacies:1', label: 'さくら薬局', url: '/v2/core/pharmacies/1', codeMatch: true, detail: '薬局コード 1341234560　東京都　渋谷区　神宮前1-1' }),
    ]);
  });

  it('screens and actions from the declarations: lists, 新規…, マスター更新; code pages for HOT and receipt codes', () => {
    const screens = paletteScreens(resources, [{ label: 'JWT', to: '/develop/jwt' }]);
    expect(screens).toContainEqual({ label: '薬局一覧', url: '/v2/core/pharmacies', kind: '画面' });
    expect(screens).toContainEqual({ label: '新規薬局', url: '/v2/core/pharmacies/new', kind: '操作' });
    expect(screens).toContainEqual({ label: 'マスター更新', url: '/v2/core/ethical_medicines/update', kind: '操作', context: '医療用医薬品一覧' });
    expect(screenGroup(screens, '新規').hits.map((hit) => hit.label)).toContain('新規薬局');
    expect(screenGroup(screens, 'ﾏｽﾀｰ').hits[0]).toMatchObject({ label: 'マスター更新', detail: '操作（医療用医薬品一覧）' });
    // 6…: a receipt code first (the only check a receipt code has).
    expect(codePageGroup('620000000').hits.map((hit) => hit.url)).toEqual(['/v2/core/master_sources/receipt_codes/620000000', '/v2/core/master_sources/hot_codes/620000000']);
  });

  it('a visited record as the recent records list it: name, detail line, detail page; none for a record under another record’s path', () => {
    expect(recentOf(findResource('v2/core/pharmacies')!, { id: 1, name: 'さくら薬局', micode: '1341234560', address1: '東京都', address2: null })).toEqual({
      resource: 'v2/core/pharmacies',
      id: '1',
      label: 'さくら薬局',
      detail: '1341234560　東京都',
      url: '/v2/core/pharmacies/1',
    });
    expect(recentOf(findResource('v2/core/pharmacies')!, { id: 2 })).toEqual({ resource: 'v2/core/pharmacies', id: '2', label: '#2', detail: undefined, url: '/v2/core/pharmacies/2' });
    expect(recentOf(findResource('v2/core/pharmacies')!, { name: '番号なし' })).toBeUndefined();
    const nested = resources.find((resource) => resource.api.includes('{'))!;
    expect(recentOf(nested, { id: 3, name: 'x' })).toBeUndefined();
  });

  it('asks only the fields a result is made of: id, name, detail line, code fields', () => {
    expect(resultFieldsOf(findResource('v2/core/pharmacies')!)).toEqual(['id', 'name', 'micode', 'address1', 'address2', 'address3', 'postalCode', 'phone', 'fax']);
    expect(planLookups(resources, 'さくら', ALL_CAPABILITIES).every((lookup) => lookup.fields.includes('id'))).toBe(true);
    for (const resource of resources) expect(resultFieldsOf(resource).every((field) => !field.includes('.')), resource.name).toBe(true);
  });
});

describe('which changes of the box are asked at once (a finished text) and which wait for the pause', () => {
  it('a paste, a drop or an autocorrection is finished, whatever its length; so is a commit of several characters', () => {
    for (const inputType of ['insertFromPaste', 'insertFromDrop', 'insertReplacementText']) expect(isWholeText('', 'メ', inputType), inputType).toBe(true);
    expect(isWholeText('', 'メディカル', 'insertText')).toBe(true);
    expect(isWholeText('さくら', 'さくら薬局', 'insertCompositionText')).toBe(true);
    expect(isWholeText('', '1444525911', undefined)).toBe(true);
  });

  it('one character typed or any deletion waits; a blank box is never asked', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1, maxLength: 1, unit: 'grapheme' }), (before, typed) => {
        expect(isWholeText(before, before + typed, 'insertText')).toBe(false);
        expect(isWholeText(before + typed, before, 'deleteContentBackward')).toBe(false);
      }),
    );
    // A typed character outside the basic plane (𠮷) is one character, not two code units.
    expect(isWholeText('', '𠮷', 'insertText')).toBe(false);
    expect(isWholeText('', '   ', 'insertFromPaste')).toBe(false);
  });
});

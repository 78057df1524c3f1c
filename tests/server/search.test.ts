import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELEVANCE_SORT } from '../../src/contract';
import { foldSearchKey, foldSearchText, SEARCH_FIELD_BREAK } from '../../src/contract/searchText';
import { rmSync } from 'node:fs';
import { openCoreDb } from '../../server/services/core';
import { PHARMACY_SEARCH } from '../../server/services/core/pharmacies/search';
import { searchIndexRebuildSql, searchIndexSql } from '../../server/shared/search';
import { COMPANY_SEARCH } from '../../server/services/core/companies/search';
import { getJson, startApp, tempDir, type TestApp } from './helpers';

interface Pharmacy {
  id: number;
  updated_at: string;
  phone: string;
  fax: string | null;
  name: string;
  micode: string;
  postal_code: string;
  address1: string;
  address2: string;
  address3: string;
  address4: string | null;
}

const PHARMACIES = '/core/api/v2/admin/pharmacies';
let app: TestApp;

beforeAll(() => {
  app = startApp({ now: () => new Date('2026-11-21T03:00:00.000Z') });
});
afterAll(() => app.dispose());

/** Every row of a search (all pages). */
async function search(base: string, query: string): Promise<Pharmacy[]> {
  const rows: Pharmacy[] = [];
  for (let page = 1; ; page++) {
    const res = await getJson<Pharmacy[]>(app, `${base}${base.includes('?') ? '&' : '?'}query=${encodeURIComponent(query)}&page=${page}`);
    expect(res.status, query).toBe(200);
    rows.push(...res.body);
    if (page >= Number(res.headers.get('x-total-pages'))) return rows;
  }
}

const ALL = `${PHARMACIES}?add_ended=true`;
/** The fields as the index folds them (no white space), apart, so no term spans two. */
const searchable = (p: Pharmacy) =>
  [p.name, p.micode, p.postal_code, `${p.address1}${p.address2}${p.address3}${p.address4 ?? ''}`].map(foldSearchKey).join(SEARCH_FIELD_BREAK);

describe('pharmacy search', () => {
  it('finds the same rows for half-width, full-width and hiragana spellings, and exactly the rows containing the text', async () => {
    const everyone = await search(ALL, '');
    const full = await search(ALL, 'サクラ薬局');
    expect(full.length).toBeGreaterThan(0);
    expect(full.map((p) => p.id).sort()).toEqual(everyone.filter((p) => searchable(p).includes('サクラ薬局')).map((p) => p.id).sort());
    for (const variant of ['ｻｸﾗ薬局', 'さくら薬局', 'さくら　薬局']) {
      expect((await search(ALL, variant)).map((p) => p.id), variant).toEqual(full.map((p) => p.id));
    }
  });

  it('matches 1-2 character terms on name and address, and several terms all together', async () => {
    const everyone = await search(ALL, '');
    const tokyo = await search(ALL, '東京');
    const expected = everyone.filter((p) => [p.name, `${p.address1}${p.address2}`].some((text) => foldSearchKey(text).includes('東京')));
    expect(tokyo.length).toBeGreaterThan(0);
    expect(tokyo.map((p) => p.id).sort()).toEqual(expected.map((p) => p.id).sort());
    const both = await search(ALL, '東京 ｻｸﾗ');
    expect(both.map((p) => p.id).sort()).toEqual(expected.filter((p) => searchable(p).includes('サクラ')).map((p) => p.id).sort());
  });

  it('looks exact codes up first: micode, postal code, id', async () => {
    const target = (await getJson<Pharmacy[]>(app, `${ALL}&sort=id`)).body[7];
    expect((await search(ALL, target.micode)).map((p) => p.id)).toEqual([target.id]);
    expect((await search(ALL, `${target.postal_code.slice(0, 3)}-${target.postal_code.slice(3)}`)).map((p) => p.id)).toContain(target.id);
    expect((await search(ALL, String(target.id))).map((p) => p.id)).toEqual([target.id]);
    // A part of a micode is not a code: it goes through the trigram index as a substring.
    const part = target.micode.slice(2, 8);
    expect((await search(ALL, part)).map((p) => p.id)).toContain(target.id);
  });

  it('finds a pharmacy by its phone or fax number, as written or as digits alone', async () => {
    const target = (await getJson<Pharmacy[]>(app, `${ALL}&sort=id`)).body.find((p) => p.fax)!;
    expect(target.phone).toMatch(/^0\d{1,4}-\d{1,4}-\d{4}$/);
    for (const number of [target.phone, target.phone.replaceAll('-', ''), target.fax!, target.fax!.replaceAll('-', '')]) {
      expect((await search(ALL, number)).map((p) => p.id), number).toContain(target.id);
    }
    // Full-width digits and hyphens fold to the same number.
    expect((await search(ALL, target.phone.replace(/[0-9-]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)))).map((p) => p.id)).toContain(target.id);
    // However an agent writes it down (issue 36): the long-vowel mark for hyphens, spaces,
    // parentheses around the area code, the country code.
    const [area, local, line] = target.phone.split('-');
    for (const written of [`${area}ー${local}ー${line}`, `${area} ${local} ${line}`, `(${area}) ${local}-${line}`, `+81${target.phone.replaceAll('-', '').slice(1)}`, `+81 ${area.slice(1)} ${local} ${line}`]) {
      expect((await search(ALL, written)).map((p) => p.id), written).toContain(target.id);
    }
  });

  it('a control character in a search is a space, on every searchable list: never a 500', async () => {
    const token = await app.token();
    for (const list of ['/core/api/v2/admin/pharmacies', '/core/api/v2/admin/companies', '/core/api/v2/master/dealers', '/core/api/v2/admin/manuals', '/core/api/v2/master/ethical_medicines', '/core/api/v2/admin/users', '/core/api/v2/admin/groups', '/core/api/v2/admin/saved_replies']) {
      for (const query of ['%00abc', 'abc%00', '%00%00%00', '%01%1F%7F', 'a%00b%09c']) {
        const res = await app.call(`${list}?query=${query}`, { token });
        expect([list, query, res.status]).toEqual([list, query, 200]);
      }
    }
  });

  it('treats FTS syntax and odd input as plain text, never an error', async () => {
    for (const q of ['"', '""', '*', 'NEAR(a b)', 'a OR b', 'AND', "'; DROP TABLE pharmacies; --", '薬局"', '(((', '\u0000', '🙂🙂🙂', 'ｰｰｰ']) {
      const res = await getJson<Pharmacy[]>(app, `${ALL}&query=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
    }
    expect((await getJson(app, `${ALL}&query=${'x'.repeat(201)}`)).status).toBe(422);
  });

  it('keeps the index in step with changes (companies rename through the API)', async () => {
    const res = await app.call('/core/api/v2/admin/companies', {
      method: 'POST', token: await app.token(), json: { name: 'ﾃｽﾄﾌｧｰﾏ株式会社' },
    });
    const { id } = (await res.json()) as { id: number };
    const find = async (q: string) => (await getJson<{ id: number }[]>(app, `/core/api/v2/admin/companies?query=${encodeURIComponent(q)}`)).body.map((c) => c.id);
    expect(await find('てすとふぁーま')).toEqual([id]);
    expect(await find('トフ')).toEqual([id]);
    await app.call(`/core/api/v2/admin/companies/${id}`, { method: 'PUT', token: await app.token(), json: { name: '改名後メディカル株式会社' } });
    expect(await find('テストファーマ')).toEqual([]);
    expect(await find('改名後')).toEqual([id]);
    expect(await find('改名')).toEqual([id]);
    // A 2-character term (looked up among the name's pairs of characters): the old name's are gone.
    expect(await find('トフ')).toEqual([]);
    expect(await find('後メ')).toEqual([id]);
    await app.call(`/core/api/v2/admin/companies/${id}`, { method: 'DELETE', token: await app.token() });
    expect(await find('後メ')).toEqual([]);
  });
});

describe('what agents type (issue 40 item 8)', () => {
  const token = async () => app.token();
  const rename = async (id: number, name: string) => {
    const res = await app.call(`${PHARMACIES}/${id}`, { method: 'PUT', token: await token(), json: { name } });
    expect(res.status).toBe(200);
  };

  it('finds a name with or without its spaces (ASCII, ideographic), and a name without one by a query with one', async () => {
    const [spaced, solid] = (await getJson<Pharmacy[]>(app, `${ALL}&sort=id`)).body.slice(20, 22);
    await rename(spaced.id, 'かもめ薬局 市川店');
    await rename(solid.id, 'かもめ薬局行徳店');
    for (const query of ['かもめ薬局市川店', 'カモメ薬局　市川店', 'ｶﾓﾒ薬局 市川店', 'かもめ 薬局市川店', '薬局市川']) {
      expect((await search(ALL, query)).map((p) => p.id), query).toContain(spaced.id);
    }
    expect((await search(ALL, 'かもめ薬局 行徳店')).map((p) => p.id)).toContain(solid.id);
    // No term matches across two fields: the name's end and the micode's start stay apart.
    const micode = (await getJson<Pharmacy>(app, `${PHARMACIES}/${spaced.id}`)).body.micode;
    expect((await search(ALL, `市川店${micode.slice(0, 4)}`)).map((p) => p.id)).not.toContain(spaced.id);
  });

  it('finds a pharmacy by its invoice number (T and 13 digits, any case, full-width): that one only', async () => {
    const rows = await getJson<Pharmacy[]>(app, `${ALL}&sort=id`);
    const withInvoice = await (async () => {
      for (const row of rows.body) {
        const detail = (await getJson<{ id: number; pharmacy_invoice: { invoice_number: string | null } | null }>(app, `${PHARMACIES}/${row.id}`)).body;
        if (detail.pharmacy_invoice?.invoice_number) return { id: detail.id, invoice: detail.pharmacy_invoice.invoice_number };
      }
      throw new Error('no seeded invoice number');
    })();
    const fullWidth = withInvoice.invoice.replace(/[0-9A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    for (const query of [withInvoice.invoice, withInvoice.invoice.toLowerCase(), fullWidth]) {
      expect((await search(ALL, query)).map((p) => p.id), query).toEqual([withInvoice.id]);
    }
    // A number nobody holds is no text search: nothing.
    expect(await search(ALL, 'T0000000000000')).toEqual([]);
  });

  it('finds a pharmacy by a licence number it holds (「14薬第91565号」), through the licences', async () => {
    const rows = await getJson<Pharmacy[]>(app, `${ALL}&sort=id`);
    let found: { id: number; number: string } | undefined;
    for (const row of rows.body) {
      const licenses = (await getJson<{ number: string }[]>(app, `${PHARMACIES}/${row.id}/licenses`)).body;
      if (licenses.length > 0) {
        found = { id: row.id, number: licenses[0].number };
        break;
      }
    }
    expect(found?.number).toMatch(/^\d{2}薬第\d+号$/);
    const holders = async (query: string) => (await search(ALL, query)).map((p) => p.id);
    expect(await holders(found!.number)).toContain(found!.id);
    expect(await holders(found!.number.replace(/\d/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)))).toContain(found!.id);
    expect(await holders('99薬第99999999号')).toEqual([]);
  });
});

describe('the relevance sort (RELEVANCE_SORT, beyond the spec: the jump palette asks it)', () => {
  /** Where the term starts in the pharmacy's short text (name, then address lines 1-2); matched only elsewhere ranks last. */
  const position = (p: Pharmacy, term: string) => `${foldSearchKey(p.name)}${SEARCH_FIELD_BREAK}${foldSearchKey(`${p.address1}${p.address2}`)}`.indexOf(term) + 1 || Infinity;
  const newestFirst = (a: Pharmacy, b: Pharmacy) => b.updated_at.localeCompare(a.updated_at) || b.id - a.id;

  it('orders a search by where its first term starts in the name, ties newest first, over all matches and every page', async () => {
    const differs: string[] = [];
    for (const [query, term] of [['薬局', '薬局'], ['ｻｸﾗ 薬局', 'サクラ'], ['東', '東']] as const) {
      const byDefault = await search(ALL, query);
      const ranked = await search(`${ALL}&sort=${RELEVANCE_SORT}`, query);
      expect(ranked.length, query).toBeGreaterThan(1);
      expect(ranked.map((p) => p.id).sort(), query).toEqual(byDefault.map((p) => p.id).sort());
      const expected = [...byDefault].sort((a, b) => position(a, term) - position(b, term) || newestFirst(a, b));
      expect(ranked.map((p) => p.id), query).toEqual(expected.map((p) => p.id));
      if (ranked.some((p, i) => p.id !== byDefault[i].id)) differs.push(query);
    }
    // Where the order differs from the default one, so the test can fail.
    expect(differs).toEqual(['薬局', '東']);
  });

  it('is the default order without a search or for a batch by ids; a list that does not search refuses it', async () => {
    const plain = await getJson<Pharmacy[]>(app, ALL);
    expect((await getJson<Pharmacy[]>(app, `${ALL}&sort=${RELEVANCE_SORT}`)).body).toEqual(plain.body);
    const ids = plain.body.slice(0, 3).map((p) => p.id);
    const batch = await getJson<Pharmacy[]>(app, `${PHARMACIES}?ids=${ids.join(',')}&sort=${RELEVANCE_SORT}&query=${encodeURIComponent('薬局')}`);
    expect(batch.status).toBe(200);
    expect(batch.body.map((p) => p.id)).toEqual(ids);
    const refused = await getJson<{ errors: string[] }>(app, `/medorder/api/v2/admin/stockable_item_fixtures?sort=${RELEVANCE_SORT}`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.join('')).toContain('並び順に指定できない項目です');
  });
});

describe('a search index folded before white space was dropped (migration 80)', () => {
  it('is folded again once: a name is then found without its space', () => {
    const dir = tempDir();
    try {
      let db = openCoreDb(dir, 20261101, 'small');
      const { id } = db.prepare('SELECT id FROM companies ORDER BY id LIMIT 1').get() as { id: number };
      db.prepare("UPDATE companies SET name = 'かもめ薬局 ホールディングス' WHERE id = ?").run(id);
      const solid = 'カモメ薬局ホールディングス';
      const found = () => (db.prepare('SELECT rowid FROM companies_search_fts WHERE companies_search_fts MATCH ?').all(`"${solid}"`) as { rowid: number }[]).map((r) => r.rowid);
      expect(found()).toContain(id);
      expect(searchIndexRebuildSql(db, COMPANY_SEARCH)).toBe('');
      // As a database of the older folding has it: spaces kept, triggers without the folding's mark.
      db.function('fold_search', { deterministic: true }, (text: unknown) => foldSearchText(String(text ?? '')));
      db.exec(`DROP TRIGGER companies_search_insert; DROP TRIGGER companies_search_delete; DROP TRIGGER companies_search_update;
        DROP TABLE companies_search_fts; DROP TABLE companies_search_short; DROP TABLE companies_search_pairs;
        ${searchIndexSql(COMPANY_SEARCH).replace(/\/\* search folding [^*]+ \*\//, '')}`);
      db.prepare('DELETE FROM schema_migrations WHERE version = 80').run();
      expect(found()).toEqual([]);
      db.close();
      db = openCoreDb(dir, 20261101, 'small');
      expect(found()).toContain(id);
      expect(searchIndexRebuildSql(db, COMPANY_SEARCH)).toBe('');
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a search index made before the pairs of characters (migration 110)', () => {
  it('gains them once: a 2-character term is then found through them, after later renames too', () => {
    const dir = tempDir();
    try {
      let db = openCoreDb(dir, 20261101, 'small');
      const { id } = db.prepare('SELECT id FROM companies ORDER BY id LIMIT 1').get() as { id: number };
      const paired = (pair: string) => (db.prepare('SELECT id FROM companies_search_pairs WHERE gram = ?').all(pair) as { id: number }[]).map((r) => r.id);
      db.prepare("UPDATE companies SET name = 'かもめ薬局ホールディングス' WHERE id = ?").run(id);
      expect(paired('モメ')).toContain(id);
      // As a database made before them has it: no pairs table, triggers of the folding's older mark.
      const older = searchIndexSql(COMPANY_SEARCH)
        .replace(/\/\* search folding (\d+)[^*]* \*\//, '/* search folding $1 */')
        .replace(/\n\s*(CREATE TABLE companies_search_pairs|INSERT INTO companies_search_pairs|DELETE FROM companies_search_pairs)[^;]*;/g, '');
      expect(older).not.toContain('companies_search_pairs');
      db.exec(`DROP TRIGGER companies_search_insert; DROP TRIGGER companies_search_delete; DROP TRIGGER companies_search_update;
        DROP TABLE companies_search_fts; DROP TABLE companies_search_short; DROP TABLE companies_search_pairs; ${older}`);
      db.prepare('DELETE FROM schema_migrations WHERE version = 110').run();
      expect(searchIndexRebuildSql(db, COMPANY_SEARCH)).not.toBe('');
      db.close();
      db = openCoreDb(dir, 20261101, 'small');
      expect(searchIndexRebuildSql(db, COMPANY_SEARCH)).toBe('');
      expect(paired('モメ')).toContain(id);
      db.prepare("UPDATE companies SET name = 'つばめ薬局' WHERE id = ?").run(id);
      expect(paired('モメ')).not.toContain(id);
      expect(paired('バメ')).toContain(id);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a search index built from an older declaration (migration 11: phone and fax joined the pharmacies’ text)', () => {
  it('is built again once, from the current declaration; a current one is left alone', () => {
    const dir = tempDir();
    try {
      let db = openCoreDb(dir, 20261101, 'small');
      const { id, phone } = db.prepare('SELECT id, phone FROM pharmacies ORDER BY id LIMIT 1').get() as { id: number; phone: string };
      const byPhone = () => (db.prepare('SELECT rowid FROM pharmacies_search_fts WHERE pharmacies_search_fts MATCH ?').all(`"${phone.replaceAll('-', '')}"`) as { rowid: number }[]).map((r) => r.rowid);
      expect(byPhone()).toContain(id);
      expect(searchIndexRebuildSql(db, PHARMACY_SEARCH)).toBe('');
      // As a database made before migration 11 has it: the index without the numbers.
      const older = { ...PHARMACY_SEARCH, text: (r: string) => `${r}.name || ' ' || ${r}.micode` };
      db.exec(searchIndexRebuildSql(db, older));
      db.prepare('DELETE FROM schema_migrations WHERE version = 11').run();
      expect(byPhone()).toEqual([]);
      db.close();
      db = openCoreDb(dir, 20261101, 'small');
      expect(byPhone()).toContain(id);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shapeWriteErrors, WRITE_MESSAGES } from '../../../src/contract/masterShape';
import { ANNOUNCEMENT_SHAPE } from '../../../src/contract/masters/announcements';
import { tableVersionsSql } from '../../../server/db/versions';
import { ApiError } from '../../../server/shared/errors';
import { ensureMasterTable, findRecord, insertRecord, plainMaster, updateRecord } from '../../../server/shared/masterStore';
import { registerFunctions } from '../../../server/db/open';

/*
 * Issue 37's cross-field rule, one sentence on both sides: for any start and end (an end may be
 * left empty), the form refuses exactly the records the API's write path refuses, with the same
 * message on the same field, on create and on an update that sends one side only.
 */

const MESSAGE = WRITE_MESSAGES.notBefore('公開終了日', '公開開始日');
const day = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
const master = plainMaster(ANNOUNCEMENT_SHAPE);
const stamp = { at: '2026-11-21T00:00:00.000Z', by: 'テスト' };

function store() {
  const db = new Database(':memory:');
  registerFunctions(db);
  db.exec(tableVersionsSql);
  ensureMasterTable(db, master);
  return db;
}

/** The API's field errors for a write, or {} when it goes ahead. */
function apiErrors(write: () => unknown): Record<string, string[]> {
  try {
    write();
    return {};
  } catch (error) {
    if (error instanceof ApiError) return error.fieldErrors ?? {};
    throw error;
  }
}

describe('公開終了日 ≥ 公開開始日, in the form and the API', () => {
  it('property: create is refused by both or by neither, with one sentence', () => {
    const db = store();
    fc.assert(
      fc.property(day, fc.option(day, { nil: null }), (startsOn, endsOn) => {
        const values = { title: '確認', body: '本文', startsOn, endsOn, published: false };
        const form = shapeWriteErrors(ANNOUNCEMENT_SHAPE, values, 'create');
        const api = apiErrors(() => insertRecord(db, master, { title: '確認', body: '本文', starts_on: startsOn, ends_on: endsOn, published: false }, stamp));
        const refused = endsOn !== null && endsOn < startsOn;
        expect(form).toEqual(refused ? { endsOn: MESSAGE } : {});
        expect(api).toEqual(refused ? { ends_on: [MESSAGE] } : {});
      }),
      { numRuns: 200 },
    );
  });

  it('property: an update sending one side is judged with the stored other side, and a refused one changes nothing', () => {
    const db = store();
    fc.assert(
      fc.property(day, day, day, fc.boolean(), (startsOn, endsOn, sent, sendsStart) => {
        fc.pre(endsOn >= startsOn);
        const id = insertRecord(db, master, { title: '確認', body: '本文', starts_on: startsOn, ends_on: endsOn, published: true }, stamp);
        const before = findRecord(db, master, id);
        const body = sendsStart ? { starts_on: sent } : { ends_on: sent };
        const errors = apiErrors(() => updateRecord(db, master, id, body, stamp, () => undefined));
        const [start, end] = sendsStart ? [sent, endsOn] : [startsOn, sent];
        expect(errors).toEqual(end < start ? { ends_on: [MESSAGE] } : {});
        if (end < start) expect(findRecord(db, master, id)).toEqual(before);
      }),
      { numRuns: 200 },
    );
  });
});

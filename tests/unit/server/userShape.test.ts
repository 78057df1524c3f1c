import fc from 'fast-check';
import { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, shapeWriteErrors } from '../../../src/contract/masterShape';
import { USER_SHAPE } from '../../../src/contract/masters/users';
import { users } from '../../../src/resources/users';
import { ROLE_LABELS } from '../../../src/resources/users/roles';
import { pharmacies } from '../../../src/resources/pharmacies';
import { USER_LIST } from '../../../server/services/core/users/routes';
import { AdminUserSchema, UserWrite } from '../../../server/services/core/users/schema';
import { labelled, zodErrorBody } from '../../../server/shared/validation';
import { sameAnswers, textBody } from './shapeProbes';

const dbId = () => z.number().max(2_147_483_647, { abort: true }).int().positive();

/** The create schema the shape replaced, as it was written by hand: the reference for "no change". */
const HAND_WRITTEN_CREATE = z.object({
  role: labelled('ユーザ種別', z.enum(['pharmacy', 'admin'])),
  name: labelled('名前', z.string().trim().min(1, { abort: true }).max(100)),
  email: labelled('メールアドレス', z.string().trim().min(1, { abort: true }).max(254, { abort: true }).email()),
  pharmacy_id: labelled('薬局ID', dbId().nullable().optional()),
  permission: labelled('権限', z.enum(['read', 'write']).optional()),
});

/** E-mail addresses, good and nearly good, padded or not, some near the 254-character limit. */
const email = fc.oneof(
  fc.emailAddress(),
  fc.constantFrom('a@b', 'a@b.c', '.a@b.jp', 'a..b@c.jp', 'x y@z.jp', 'ａ@b.jp', 'tanaka@pharmacy.example.jp', "o'neil+x@a-b.example.jp", 'a@-b.jp'),
  fc.integer({ min: 240, max: 256 }).map((length) => `${'a'.repeat(length - 11)}@example.jp`),
).chain((address) => fc.constantFrom(address, ` ${address}`, `${address}\u3000`));

/** A create body: the shape's fields and the bespoke ones, each present or not, of any type. */
const createBody = fc
  .tuple(
    textBody(['name', 'email'], [100, 254]),
    fc.record(
      {
        email,
        role: fc.constantFrom('pharmacy', 'admin', 'Admin', '', null, 1),
        pharmacy_id: fc.constantFrom(1, 0, -1, 1.5, 2_147_483_648, null, '1'),
        permission: fc.constantFrom('read', 'write', 'admin', null),
      },
      { requiredKeys: [] },
    ),
    fc.boolean(),
  )
  .map(([texts, others, goodEmail]) => (goodEmail ? { ...texts, ...others } : { ...others, ...texts }));

describe('users from USER_SHAPE (issue 24 item 1)', () => {
  it('the SPA declaration is the one written by hand before', () => {
    expect(users.api).toBe('/api/v2/core/admin/users');
    expect(users.label).toBe('ユーザー');
    // As written by hand, plus readOnly on the API's own fields and user_id (the identity
    // provider's id, answered all along), plus the e-mail's example: no generic form reads them
    // (the create screen is the users' own) and no screen lists them. What the API requires is
    // marked required, checked by the API (no generic form reads the mark either).
    expect(users.fields).toEqual({
      id: { type: 'id', label: 'ID', sortable: true, readOnly: true },
      userId: { type: 'text', label: '認証基盤のユーザID', readOnly: true },
      auth0UserId: { type: 'text', label: '認証基盤ユーザID', readOnly: true },
      name: { type: 'text', label: '名前', sortable: true, required: true, requiredCheck: 'server' },
      email: { type: 'email', label: 'メールアドレス', sortable: true, required: true, requiredCheck: 'server', example: 'tanaka@pharmacy.example.jp' },
      role: {
        type: 'choice',
        label: 'ユーザ種別',
        required: true,
        requiredCheck: 'server',
        choices: [
          { value: 'pharmacy', label: '薬局ユーザー', color: 'primary' },
          { value: 'admin', label: '管理ユーザー', color: 'default' },
        ],
      },
      pharmacyIds: { type: 'id', label: '所属薬局', readOnly: true, reference: { resource: pharmacies.name } },
      'appMetadata.pharmacyIds': { type: 'id', label: '認証基盤の所属薬局', readOnly: true, reference: { resource: pharmacies.name } },
      createdAt: { type: 'datetime', label: '作成日時', readOnly: true },
      updatedAt: { type: 'datetime', label: '更新日時', sortable: true, readOnly: true },
      createdBy: { type: 'text', label: '作成者', readOnly: true },
      updatedBy: { type: 'text', label: '更新者', readOnly: true },
    });
    expect(users.form).toBeUndefined();
    expect(ROLE_LABELS).toEqual({ pharmacy: '薬局ユーザー', admin: '管理ユーザー' });
  });

  it('the list declaration is the one written by hand before (the summary now says ユーザー, as the SPA)', () => {
    expect({ ...USER_LIST, filters: Object.keys(USER_LIST.filters), search: USER_LIST.search?.name }).toEqual({
      base: '/core',
      path: '/api/v2/admin/users',
      summary: 'ユーザー一覧',
      sortColumns: { id: 'u.id', name: 'u.name', email: 'u.email', updated_at: 'u.updated_at' },
      defaultSort: '-updated_at',
      filters: ['role', 'without_pharmacy_id'],
      search: 'users_search',
      fields: ['id', 'user_id', 'auth0_user_id', 'name', 'email', 'role', 'created_at', 'updated_at', 'created_by', 'updated_by'],
    });
    const { label, schema, example } = USER_LIST.filters.role;
    expect([label, example]).toEqual(['ユーザ種別', 'pharmacy']);
    expect([undefined, 'pharmacy', 'admin', 'Admin', '', 'x'].map((value) => schema.safeParse(value).success)).toEqual([true, true, true, false, false, false]);
    expect(USER_LIST.filters.without_pharmacy_id.label).toBe('薬局ID');
  });

  it('answers records as before: role is one of the two, created_by and updated_by may be null', () => {
    const user = {
      id: 2, user_id: '0123', auth0_user_id: 'auth0|0123', name: '田中 一郎', email: 'tanaka@pharmacy.example.jp', role: 'pharmacy',
      created_at: '2026-11-21T10:00:00.000Z', updated_at: '2026-11-21T10:00:00.000Z', created_by: null, updated_by: null,
    };
    expect(AdminUserSchema.parse(user)).toEqual(user);
    expect(AdminUserSchema.safeParse({ ...user, role: 'owner' }).success).toBe(false);
    expect(AdminUserSchema.safeParse({ ...user, name: null }).success).toBe(false);
  });

  it("the contract's e-mail pattern is zod's own", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
  });

  it('property: create takes, refuses and stores exactly what the hand-written schema did, with the same 422 body in the same order', () => {
    fc.assert(
      fc.property(createBody, (body) => {
        const before = HAND_WRITTEN_CREATE.safeParse(body);
        const after = UserWrite.create.safeParse(body);
        sameAnswers(before, after, zodErrorBody);
        // The red list shows the messages in the body's order.
        if (!before.success && !after.success) expect(JSON.stringify(zodErrorBody(after.error))).toBe(JSON.stringify(zodErrorBody(before.error)));
      }),
      { numRuns: 800 },
    );
  });

  it('property: the form rules and the API refuse the shape fields alike, with the same messages', () => {
    const shapeBody = fc.record({ name: fc.oneof(fc.string(), fc.constant(null)), email: fc.oneof(email, fc.constant(null)), role: fc.constantFrom('pharmacy', 'admin', 'x', null) }, { requiredKeys: [] });
    fc.assert(
      fc.property(shapeBody, (body) => {
        const api = UserWrite.create.safeParse(body);
        expect(api.success ? {} : Object.fromEntries(api.error.issues.map((issue) => [String(issue.path[0]), issue.message]))).toEqual(shapeWriteErrors(USER_SHAPE, body, 'create'));
      }),
    );
  });

  it('trims the name and the e-mail; passes the pharmacy and permission through', () => {
    expect(UserWrite.create.parse({ role: 'pharmacy', name: ' 田中 一郎 ', email: ' tanaka@pharmacy.example.jp ', pharmacy_id: 1, permission: 'read' })).toEqual({
      role: 'pharmacy', name: '田中 一郎', email: 'tanaka@pharmacy.example.jp', pharmacy_id: 1, permission: 'read',
    });
  });
});

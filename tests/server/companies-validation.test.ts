import { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { labelled, zodErrorBody } from '../../server/shared/validation';

// A made-up schema in the shape the coming masters have: a nested invoice, an id array, optional text.
const Schema = z.object({
  name: labelled('薬局名', z.string().min(1)),
  pharmacy_invoice: labelled('インボイス', z.object({ invoice_number: labelled('登録番号', z.string().regex(/^T\d{13}$/)) })),
  pharmacy_ids: labelled('薬局ID', z.array(z.number().int()).max(2)),
  note: labelled('備考', z.string().max(3).nullable().optional()),
  unlabelled_code: z.string().optional(),
});

const errorsOf = (input: unknown) => {
  const result = Schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return zodErrorBody(result.error);
};

const valid = { name: 'x', pharmacy_invoice: { invoice_number: 'T1234567890123' }, pharmacy_ids: [] };

describe('validation errors', () => {
  it('keys nested field errors by their full dotted path, each named by its own label', () => {
    const body = errorsOf({ ...valid, pharmacy_invoice: { invoice_number: 'X1' }, pharmacy_ids: [1, 'a'] });
    expect(body.field_errors).toEqual({
      'pharmacy_invoice.invoice_number': ['登録番号の形式が正しくありません。'],
      'pharmacy_ids.1': ['薬局IDの形式が正しくありません。'],
    });
  });

  it('names a field by its schema label through wrappers, arrays and objects', () => {
    expect(errorsOf({ ...valid, name: undefined }).errors).toEqual(['薬局名を入力してください。']);
    expect(errorsOf({ ...valid, note: 'あいうえ' }).errors).toEqual(['備考は3文字以内で入力してください。']);
    expect(errorsOf({ ...valid, pharmacy_ids: [1, 2, 3] }).errors).toEqual(['薬局IDは2件以内で指定してください。']);
    expect(errorsOf({ ...valid, pharmacy_invoice: 'T1' }).field_errors).toEqual({ pharmacy_invoice: ['インボイスの形式が正しくありません。'] });
    expect(errorsOf({ ...valid, pharmacy_invoice: {} }).field_errors).toEqual({ 'pharmacy_invoice.invoice_number': ['登録番号を入力してください。'] });
  });

  it('the same key is named as each schema calls it', () => {
    const company = z.object({ name: labelled('会社名', z.string().trim().min(1).max(5)) });
    const group = z.object({ name: labelled('グループ名', z.string().trim().min(1).max(5)) });
    const messages = (schema: z.ZodType, input: unknown) => {
      const result = schema.safeParse(input);
      return result.success ? [] : zodErrorBody(result.error).errors;
    };
    expect(messages(company, {})).toEqual(['会社名を入力してください。']);
    expect(messages(group, {})).toEqual(['グループ名を入力してください。']);
    expect(messages(company, { name: '  ' })).toEqual(['会社名を入力してください。']);
    expect(messages(group, { name: '株式会社さくら' })).toEqual(['グループ名は5文字以内で入力してください。']);
    expect(messages(company, { name: 1 })).toEqual(['会社名の形式が正しくありません。']);
  });

  it('an unlabelled field is named by its key, never by a guess; the body as a whole is malformed', () => {
    expect(errorsOf({ ...valid, unlabelled_code: 1 }).errors).toEqual(['unlabelled_codeの形式が正しくありません。']);
    expect(errorsOf(null).errors).toEqual(['リクエストの形式が正しくありません。']);
    expect(errorsOf([]).errors).toEqual(['リクエストの形式が正しくありません。']);
  });
});

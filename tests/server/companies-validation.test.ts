import { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { labelledString, zodErrorBody } from '../../server/shared/validation';

const Schema = z.object({
  name: z.string().min(1),
  pharmacy_invoice: z.object({ invoice_number: z.string().regex(/^T\d{13}$/) }),
  pharmacy_ids: z.array(z.number().int()),
});

const errorsOf = (input: unknown) => {
  const result = Schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return zodErrorBody(result.error, input);
};

describe('validation errors', () => {
  it('keys nested field errors by their full dotted path', () => {
    const body = errorsOf({ name: 'x', pharmacy_invoice: { invoice_number: 'X1' }, pharmacy_ids: [1, 'a'] });
    expect(Object.keys(body.field_errors!).sort()).toEqual(['pharmacy_ids.1', 'pharmacy_invoice.invoice_number']);
    expect(body.field_errors!['pharmacy_ids.1']).toEqual(['薬局IDの形式が正しくありません。']);
    expect(body.field_errors!['pharmacy_invoice.invoice_number']).toEqual(['invoice_numberの形式が正しくありません。']);
  });

  it('keeps top-level keys as they were and says a missing field must be entered', () => {
    const body = errorsOf({ pharmacy_invoice: { invoice_number: 'T1234567890123' }, pharmacy_ids: [] });
    expect(body).toEqual({ errors: ['名前を入力してください。'], field_errors: { name: ['名前を入力してください。'] } });
    expect(errorsOf(null).errors).toEqual(['リクエストの形式が正しくありません。']);
  });

  it('says a labelled field by its own label (会社名), every check included', () => {
    const Company = z.object({ name: labelledString('会社名').trim().min(1).max(5), note: z.string().max(3) });
    const errors = (input: unknown) => {
      const result = Company.safeParse(input);
      return result.success ? [] : zodErrorBody(result.error, input).errors;
    };
    expect(errors({ note: '' })).toEqual(['会社名を入力してください。']);
    expect(errors({ name: '  ', note: '' })).toEqual(['会社名を入力してください。']);
    expect(errors({ name: '株式会社さくら', note: 'あいうえ' })).toEqual(['会社名は5文字以内で入力してください。', '備考は3文字以内で入力してください。']);
    expect(errors({ name: 1, note: '' })).toEqual(['会社名の形式が正しくありません。']);
  });
});

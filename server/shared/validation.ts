import type { Context } from 'hono';
import { z } from '@hono/zod-openapi';
import { errorBody, MESSAGES, type FieldErrors } from './errors';

/** Japanese names of request fields, used in validation messages of fields no schema labels. */
const LABELS: Record<string, string> = {
  name: '名前',
  note: '備考',
  page: 'ページ',
  sort: '並び順',
  query: '検索キーワード',
  ids: 'ID',
  id: 'ID',
  fields: '取得項目',
  pharmacy_ids: '薬局ID',
  pharmacy_id: '薬局ID',
  group_id: '近隣グループID',
  without_group_id: '近隣グループID',
  company_id: '会社ID',
  prefecture_id: '都道府県ID',
  add_ended: '終了した薬局を含む',
  without_company: '会社未所属のみ',
  current_password: '現在のパスワード',
  new_password: '新しいパスワード',
  new_password_again: '新しいパスワード（確認）',
};

export const label = (field: string) => LABELS[field] ?? field;

function valueAt(data: unknown, path: PropertyKey[]): unknown {
  let v: unknown = data;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key as string];
  }
  return v;
}

type Issue = z.core.$ZodIssue;
type RawIssue = z.core.$ZodRawIssue;

/** The message of an issue about the field called `name` (its Japanese label). */
function fieldMessage(name: string, issue: Issue | RawIssue, input: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      return input === undefined || input === null ? `${name}を入力してください。` : `${name}の形式が正しくありません。`;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? `${name}を入力してください。` : `${name}は${issue.minimum}文字以上で入力してください。`;
      if (issue.origin === 'array') return `${name}を${issue.minimum}件以上指定してください。`;
      return `${name}は${issue.minimum}以上で指定してください。`;
    case 'too_big':
      if (issue.origin === 'string') return `${name}は${issue.maximum}文字以内で入力してください。`;
      if (issue.origin === 'array') return `${name}は${issue.maximum}件以内で指定してください。`;
      return `${name}は${issue.maximum}以下で指定してください。`;
    default:
      return `${name}の形式が正しくありません。`;
  }
}

/** Messages written by a labelled schema (they already name their field). */
const labelledMessages = new Set<string>();

/**
 * A text field whose validation messages use its own Japanese label (グループ名を入力してください。)
 * rather than the global LABELS entry of its key. Chain checks as usual: `.trim().min(1).max(100)`.
 */
export function labelledString(fieldLabel: string) {
  return z.string({
    error: (issue) => {
      const message = fieldMessage(fieldLabel, issue, issue.input);
      labelledMessages.add(message);
      return message;
    },
  });
}

export function issueMessage(issue: Issue, input: unknown): string {
  // The body (or query) as a whole has the wrong shape, e.g. a JSON array or null.
  if (issue.path.length === 0 && issue.code === 'invalid_type') return MESSAGES.malformed;
  if (issue.code === 'custom' || labelledMessages.has(issue.message)) return issue.message;
  if (issue.code === 'unrecognized_keys') return `${issue.keys.join(', ')}は指定できません。`;
  // The innermost named field: pharmacy_invoice.invoice_number is labelled as invoice_number.
  const field = String([...issue.path].reverse().find((p) => typeof p === 'string') ?? issue.path[0] ?? '');
  return fieldMessage(label(field), issue, input);
}

/** Converts a zod failure into our 422 body (`errors` plus `field_errors`). */
export function zodErrorBody(error: z.ZodError, data: unknown) {
  const fieldErrors: FieldErrors = {};
  const root: string[] = [];
  for (const issue of error.issues) {
    // Nested fields are keyed by their full dotted path (pharmacy_invoice.invoice_number).
    const key = issue.path.map(String).join('.');
    const message = issueMessage(issue, valueAt(data, issue.path));
    if (!key) {
      if (!root.includes(message)) root.push(message);
      continue;
    }
    const list = (fieldErrors[key] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return errorBody([...root, ...Object.values(fieldErrors).flat()], fieldErrors);
}

/** defaultHook for every OpenAPIHono: validation failures become 422 with Japanese messages. */
export function defaultHook(
  result: { success: true; data: unknown } | { success: false; error: z.ZodError; data?: unknown },
  c: Context,
) {
  if (!result.success) {
    return c.json(zodErrorBody(result.error, result.data), 422);
  }
  return undefined;
}

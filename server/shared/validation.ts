import type { Context } from 'hono';
import { z } from '@hono/zod-openapi';
import { errorBody, MESSAGES, type FieldErrors } from './errors';

/*
 * Validation messages in Japanese, each naming its field as the schema calls it.
 *
 * Every request field declares its label where it is declared, with `labelled`:
 *   name: labelled('会社名', z.string().trim().min(1).max(100))  →  会社名を入力してください。
 * A field nobody labelled is named by its key (a missing label shows, it is not hidden behind a
 * global guess). Nested fields are keyed by their full dotted path (`pharmacy_invoice.invoice_number`).
 */

type Issue = z.core.$ZodRawIssue;

/** The message of an issue about the field called `name`. */
function fieldMessage(name: string, issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? `${name}を入力してください。` : `${name}の形式が正しくありません。`;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? `${name}を入力してください。` : `${name}は${issue.minimum}文字以上で入力してください。`;
      if (issue.origin === 'array') return `${name}を${issue.minimum}件以上指定してください。`;
      // `.positive()` is "more than 0": 0 itself is refused too, so 「0以上」 would mislead.
      return issue.inclusive === false ? `${name}は${issue.minimum}より大きい値で指定してください。` : `${name}は${issue.minimum}以上で指定してください。`;
    case 'invalid_value':
      return issue.input === undefined || issue.input === null ? `${name}を選択してください。` : `${name}の形式が正しくありません。`;
    case 'too_big':
      if (issue.origin === 'string') return `${name}は${issue.maximum}文字以内で入力してください。`;
      if (issue.origin === 'array') return `${name}は${issue.maximum}件以内で指定してください。`;
      return issue.inclusive === false ? `${name}は${issue.maximum}未満で指定してください。` : `${name}は${issue.maximum}以下で指定してください。`;
    case 'unrecognized_keys':
      return `${issue.keys.join(', ')}は指定できません。`;
    default:
      return `${name}の形式が正しくありません。`;
  }
}

// Wrappers whose inner schema produces the issues (an optional string's too_big comes from the string).
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

type Def = z.core.$ZodTypeDef & { innerType?: z.ZodType; element?: z.ZodType; in?: z.ZodType; out?: z.ZodType };

/** `schema` with every issue it raises (its checks, its wrapped inner type, its array's items) named `label`. */
function withLabel(schema: z.ZodType, label: string): z.ZodType {
  const def = schema._zod.def as Def;
  const error = (issue: Issue) => fieldMessage(label, issue);
  const next: Def = { ...def, error };
  if (WRAPPERS.has(def.type) && def.innerType) next.innerType = withLabel(def.innerType, label);
  if (def.type === 'array' && def.element) next.element = withLabel(def.element, label);
  if (def.type === 'pipe' && def.in) next.in = withLabel(def.in, label);
  // `parent` keeps the OpenAPI metadata (examples, descriptions) the schema already had.
  return schema.clone(next, { parent: true });
}

/**
 * A request field with its Japanese label: its validation messages name it (会社名は100文字以内で
 * 入力してください。) and the OpenAPI document shows the label as the field's `title`. Wrap the
 * finished field, checks included; an object's own fields keep their own labels.
 */
export function labelled<T extends z.ZodType>(label: string, schema: T): T {
  return (withLabel(schema, label) as T).openapi({ title: label }) as T;
}

// Issues of unlabelled fields (and of the body as a whole) are worded here; zod's English never reaches a client.
z.config({
  localeError: (issue) => {
    const path = issue.path ?? [];
    // The body (or query) as a whole has the wrong shape, e.g. a JSON array or null.
    if (path.length === 0 && issue.code === 'invalid_type') return MESSAGES.malformed;
    // The innermost named field: pharmacy_invoice.invoice_number is named invoice_number.
    const key = [...path].reverse().find((p) => typeof p === 'string') ?? path[0] ?? '';
    return fieldMessage(String(key), issue);
  },
});

/** Converts a zod failure into our 422 body (`errors` plus `field_errors`). */
export function zodErrorBody(error: z.ZodError) {
  const fieldErrors: FieldErrors = {};
  const root: string[] = [];
  for (const issue of error.issues) {
    // Nested fields are keyed by their full dotted path (pharmacy_invoice.invoice_number).
    const key = issue.path.map(String).join('.');
    if (!key) {
      if (!root.includes(issue.message)) root.push(issue.message);
      continue;
    }
    const list = (fieldErrors[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return errorBody([...root, ...Object.values(fieldErrors).flat()], fieldErrors);
}

/** defaultHook for every OpenAPIHono: validation failures become 422 with Japanese messages. */
export function defaultHook(result: { success: true; data: unknown } | { success: false; error: z.ZodError }, c: Context) {
  if (!result.success) {
    return c.json(zodErrorBody(result.error), 422);
  }
  return undefined;
}

import { choiceValues, textWriteRule, wireKey, writtenFields, type AnyMasterShape, type ShapeField, type WriteRule } from '../../src/contract/masterShape';
import { CORE_PLAIN_MASTERS } from '../../server/services/core/plainMasters';
import type { PlainMaster } from '../../server/shared/masterStore';

/*
 * What the generated server tests (partial writes, no-op saves, conflicts, the plain masters'
 * own file) write to any plain master, from its shape alone: a valid create body and a harmless
 * one-field change, each different every call, so a new master is tested without an edit.
 */

type Rec = Record<string, unknown>;

/** Every plain master the core serves, and those that write. */
export const PLAIN_MASTERS = CORE_PLAIN_MASTERS;
export const WRITABLE_MASTERS = CORE_PLAIN_MASTERS.filter((master) => master.writable);

/** Where a test calls the master's list (`/core/api/v2/admin/saved_replies`). */
export const masterPath = (master: PlainMaster): string => `/${master.module}${master.path}`;

let counter = 0;

/** A text of `length` code points at most. */
const cut = (text: string, max: number | undefined) => (max === undefined ? text : [...text].slice(0, max).join(''));

/** A text the rule takes, unique by `n` where the rule allows (a pattern's example with n appended, else the label's). */
function textValue(spec: ShapeField, rule: WriteRule, n: number): string {
  if (rule.pattern) {
    const numbered = `${rule.pattern.example}${n}`;
    return rule.pattern.regex.test(numbered) && (rule.maxLength === undefined || numbered.length <= rule.maxLength) ? numbered : rule.pattern.example;
  }
  return cut(`${spec.label}の確認${n}`, rule.maxLength);
}

function value(spec: ShapeField, n: number): unknown {
  const text = textWriteRule(spec);
  if (text) return textValue(spec, text, n);
  const rule = spec.write as WriteRule;
  switch (spec.type) {
    case 'day':
      // One day for every day field: a rule that one is not before another holds.
      return '2026-12-01';
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return rule.min ?? 1;
    case 'choice':
      return choiceValues(spec)[0];
    case 'choices':
      return choiceValues(spec).slice(0, 1);
    default:
      throw new Error(`no probe value for a written ${spec.type} (${spec.label})`);
  }
}

/** A create body naming every written field, by wire key; unique fields unique. */
export function createBody(shape: AnyMasterShape): Rec {
  const n = ++counter;
  return Object.fromEntries(writtenFields(shape).map((key) => [wireKey(key), value(shape.fields[key], n)]));
}

/** A body naming one field no rule ties to another: its first written plain text (not unique, no pattern), changed. */
export function harmlessChange(shape: AnyMasterShape): Rec {
  const key = writtenFields(shape).find((field) => {
    const rule = textWriteRule(shape.fields[field]);
    return rule && !rule.unique && !rule.pattern && !rule.verbatim;
  });
  if (!key) throw new Error(`${shape.api}: no written plain text field to change harmlessly`);
  return { [wireKey(key)]: value(shape.fields[key], ++counter) };
}

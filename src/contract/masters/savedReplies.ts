import { AUDIT_SHAPE_FIELDS, defineMasterShape } from '../masterShape';

/** The longest reply: the inquiry message's own limit, so a reply always fits in a message. */
export const SAVED_REPLY_BODY_MAX = 5000;

/** A shortcut is typed after 「/」 in the message box: half-width letters, digits, - and _. */
export const SAVED_REPLY_SHORTCUT = /^[a-z0-9_-]+$/;

export const SAVED_REPLY_MESSAGES = {
  shortcut: 'ショートカットは半角英小文字・数字・-・_ で入力してください。',
  duplicateShortcut: 'そのショートカットはすでに使われています。',
} as const;

/**
 * Saved replies (定型文, issue 25 part 3): the shared canned answers staff insert into an inquiry
 * message, with placeholders such as {薬局名}. The spec has no such call; the reference API adds
 * `/api/v2/core/admin/saved_replies` in the core's admin style (see docs/ARCHITECTURE.md).
 */
export const SAVED_REPLY_SHAPE = defineMasterShape({
  label: '定型文',
  api: '/api/v2/core/admin/saved_replies',
  fields: {
    id: { type: 'id', label: 'ID', sortable: true },
    title: { type: 'text', label: 'タイトル', sortable: true, write: { required: true, maxLength: 100 } },
    shortcut: {
      type: 'text',
      label: 'ショートカット',
      sortable: true,
      write: { required: true, maxLength: 30, pattern: { regex: SAVED_REPLY_SHORTCUT, message: SAVED_REPLY_MESSAGES.shortcut, example: 'thanks' }, unique: { message: SAVED_REPLY_MESSAGES.duplicateShortcut } },
    },
    body: { type: 'longText', label: '本文', write: { required: true, maxLength: SAVED_REPLY_BODY_MAX } },
    ...AUDIT_SHAPE_FIELDS,
  },
  defaultSort: 'shortcut',
  searchable: true,
});

import ShortTextIcon from '@mui/icons-material/ShortText';
import { SAVED_REPLY_SHAPE } from '../../contract/masters/savedReplies';
import { defineResource } from '../defineResource';
import { auditGroup } from '../auditFields';
import { shapeFields, shapeForm } from '../shapeFields';

const fields = shapeFields(SAVED_REPLY_SHAPE);

/**
 * Saved replies (定型文): staff's shared canned answers, inserted into an inquiry message by
 * 「/ショートカット」 or the send dialog's 定型文を挿入. Fields and rules come from the contract's shape.
 */
export const savedReplies = defineResource({
  name: 'v2/core/saved_replies',
  label: SAVED_REPLY_SHAPE.label,
  menu: { section: 'core', order: 2, icon: ShortTextIcon },
  // Beyond spec section 7: where the platform has no saved replies, no trace of them shows.
  requires: 'savedReplies',
  recordLabel: SAVED_REPLY_SHAPE.label,
  api: SAVED_REPLY_SHAPE.api,
  recordRepresentation: 'title',
  capabilities: { create: true, edit: true, delete: true },
  update: { method: 'PUT', send: 'form' },
  fields: { ...fields, body: { ...fields.body, rows: 8 } },
  list: {
    columns: ['shortcut', 'title', 'updatedAt', 'updatedBy'],
    actions: ['show', 'edit'],
    filters: [{ source: 'query', type: 'search', label: 'タイトル・本文で検索', alwaysOn: true }],
    defaultSort: { field: 'shortcut', order: 'ASC' },
    paging: { mode: 'pages' },
    empty: '定型文がありません',
  },
  show: {
    tabs: [{ path: '', label: '詳細', groups: [{ label: '定型文', fields: ['shortcut', 'title', 'body'], columns: 2 }, auditGroup] }],
  },
  form: shapeForm(SAVED_REPLY_SHAPE),
});

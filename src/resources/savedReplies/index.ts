import ShortTextIcon from '@mui/icons-material/ShortText';
import { SAVED_REPLY_SHAPE } from '../../contract/masters/savedReplies';
import { auditGroup } from '../auditFields';
import { masterResource } from '../masterResource';
import { shapeFields } from '../shapeFields';

const fields = shapeFields(SAVED_REPLY_SHAPE);

/**
 * Saved replies (定型文): staff's shared canned answers, inserted into an inquiry message by
 * 「/ショートカット」 or the send dialog's 定型文を挿入. A plain master; its detail reads shortcut first.
 */
export const savedReplies = masterResource(SAVED_REPLY_SHAPE, {
  icon: ShortTextIcon,
  fields: { ...fields, body: { ...fields.body, rows: 8 } },
  list: { empty: '定型文がありません' },
  show: {
    tabs: [{ path: '', label: '詳細', groups: [{ label: '定型文', fields: ['shortcut', 'title', 'body'], columns: 2 }, auditGroup] }],
  },
});

/** Spec section 4: the room statuses and their labels, in the spec's order. */
export const INQUIRY_STATUSES = [
  { value: 'new', label: '新規', color: 'info' },
  { value: 'replied', label: '返信済み', color: 'success' },
  { value: 'unreplied', label: '未返信', color: 'warning' },
  { value: 'need_action', label: '要アクション', color: 'error' },
  { value: 'closed', label: 'クローズ', color: 'default' },
  { value: 'completed', label: '完了', color: 'default' },
] as const;

export type InquiryStatusColor = (typeof INQUIRY_STATUSES)[number]['color'];

/** What any other value shows as. */
export const UNKNOWN_STATUS_LABEL = '不明';

/** Closing a room completes it; reopening asks for action (spec section 4). */
export const CLOSED_STATUS = 'completed';
export const REOPENED_STATUS = 'need_action';

const byValue = new Map<string, (typeof INQUIRY_STATUSES)[number]>(INQUIRY_STATUSES.map((status) => [status.value, status]));

export const inquiryStatusLabel = (status: unknown): string =>
  (typeof status === 'string' && byValue.get(status)?.label) || UNKNOWN_STATUS_LABEL;

export const inquiryStatusColor = (status: unknown): InquiryStatusColor =>
  (typeof status === 'string' && byValue.get(status)?.color) || 'default';

export const isClosedRoom = (status: unknown) => status === 'completed' || status === 'closed';

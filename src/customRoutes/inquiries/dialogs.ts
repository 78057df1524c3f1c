/**
 * The inquiry screen's dialogs, a chunk of their own that the screen asks once it has drawn: none
 * is open at first, and their code (the manuals, the saved replies, the pharmacy picker and its
 * autocomplete, the attachment rules) was seven of the twelve chunks a cold visit waited for
 * before it drew the rooms, their requests queued ahead of the rooms' own (issue 38).
 */
export { ImagePreviewDialog } from './ImagePreviewDialog';
export { MessageDialog } from './MessageDialog';
export { RoomFilterDialog } from './RoomFilterDialog';
export { SubjectDialog } from './SubjectDialog';

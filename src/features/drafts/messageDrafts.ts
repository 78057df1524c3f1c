import { draftStorage, readDraft, removeDraft, writeDraft } from './formDrafts';

/**
 * An inquiry room's unsent message is a draft like a form's (formDrafts: per environment, user
 * and record), kept under the rooms' resource so the sign-out dialog can name it.
 */
export const MESSAGE_DRAFT_RESOURCE = 'v2/core/inquiries/rooms';

/** The room's kept text and when it was kept, if any. */
export const readMessageDraft = (key: string | undefined): { content: string; savedAt: string } | undefined => {
  const draft = key ? readDraft(draftStorage(), key) : undefined;
  return typeof draft?.fields.content === 'string' ? { content: draft.fields.content, savedAt: draft.savedAt } : undefined;
};

/** Typing keeps the text; emptied text keeps nothing. */
export const writeMessageDraft = (key: string, content: string) => writeDraft(draftStorage(), key, content.trim() === '' ? {} : { content });

export const removeMessageDraft = (key: string) => removeDraft(draftStorage(), key);

/**
 * Saved replies in a message (issue 25 part 3), pure: the placeholders a reply may hold, filling
 * them for a room, and the 「/shortcut」 being typed at the caret.
 */

/** The placeholders staff may write in a saved reply, and what fills them. */
export const PLACEHOLDERS = {
  薬局名: 'the room’s pharmacy',
  担当者名: 'the signed-in staff member',
} as const;
export type Placeholder = keyof typeof PLACEHOLDERS;
export type PlaceholderValues = Partial<Record<Placeholder, string>>;

const isPlaceholder = (name: string): name is Placeholder => Object.hasOwn(PLACEHOLDERS, name);

/**
 * `{薬局名}` → the room's pharmacy name, in one pass: a value that itself holds braces is put in as
 * it is, never filled again. A placeholder without a value stays visible, named in `unfilled`, so
 * the agent sees what is left to write; other braces are text.
 */
export function fillPlaceholders(body: string, values: PlaceholderValues): { text: string; unfilled: Placeholder[] } {
  const unfilled = new Set<Placeholder>();
  const text = body.replace(/\{([^{}]{1,20})\}/g, (whole, name: string) => {
    if (!isPlaceholder(name)) return whole;
    const value = values[name]?.trim();
    if (!value) {
      unfilled.add(name);
      return whole;
    }
    return value;
  });
  return { text, unfilled: [...unfilled] };
}

/** A shortcut's characters (the contract's rule, without its anchors). */
const SHORTCUT_CHARS = /^[a-z0-9_-]*$/;

/**
 * The 「/shortcut」 being typed just before the caret: a 「/」 at the start of the text or after
 * a space or line break, then shortcut characters up to the caret. `start` is where the 「/」 is
 * (what an insertion replaces from); undefined when the caret is not in one.
 */
export function slashQueryAt(text: string, caret: number): { start: number; query: string } | undefined {
  const before = text.slice(0, caret);
  const slash = before.lastIndexOf('/');
  if (slash < 0) return undefined;
  if (slash > 0 && !/\s/.test(before[slash - 1])) return undefined;
  const query = before.slice(slash + 1);
  return SHORTCUT_CHARS.test(query) ? { start: slash, query } : undefined;
}

/** The shortcut typed exactly first, then those it starts, then the rest (found by title or body) in the order given. */
export function rankByShortcut<R extends { shortcut: string }>(replies: readonly R[], query: string): R[] {
  const rank = (reply: R) => (reply.shortcut === query ? 0 : reply.shortcut.startsWith(query) ? 1 : 2);
  return replies
    .map((reply, index) => ({ reply, index }))
    .sort((a, b) => rank(a.reply) - rank(b.reply) || a.index - b.index)
    .map(({ reply }) => reply);
}

/**
 * Answering from the manuals (issue 25): what a manual contributes to a chat message. Messages
 * are plain text, so a section's markdown is read as a person would copy it: headings without
 * their #, links as 「text（url）」, images as [画像], emphasis and code marks dropped.
 */

export interface ManualSection {
  heading: string;
  /** The section's text up to the next heading of the same or a higher level, as plain text. */
  body: string;
}

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;

/** Markdown inline syntax read as plain text. */
export const plainText = (markdown: string): string =>
  markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '[画像]')
    .replace(/\[([^\]]+)\]\(([^)\s]+)[^)]*\)/g, '$1（$2）')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^*\w])[*_]([^*_\n]+)[*_](?=[^*\w]|$)/g, '$1$2')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/^[ \t]{0,3}>[ \t]?/gm, '')
    .replace(/^([ \t]*)[-*+][ \t]+/gm, '$1・')
    .replace(/<[^>]+>/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** The manual's sections by heading (code blocks are not headings), in order. */
export function manualSections(markdown: string): ManualSection[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const headings: { line: number; level: number; heading: string }[] = [];
  let fenced = false;
  lines.forEach((line, index) => {
    if (/^\s{0,3}(```|~~~)/.test(line)) fenced = !fenced;
    const match = fenced ? null : HEADING.exec(line);
    if (match && match[2] !== '') headings.push({ line: index, level: match[1].length, heading: plainText(match[2]) });
  });
  return headings.map(({ line, level, heading }, i) => {
    const next = headings.slice(i + 1).find((other) => other.level <= level);
    const body = lines.slice(line + 1, next ? next.line : lines.length).join('\n');
    return { heading, body: plainText(body.replace(/^(```|~~~).*$/gm, '')) };
  });
}

/** A manual named with its link (the portal's detail URL: staff open it from the conversation). */
export const linkSnippet = (manual: { id: number; title: string }, origin: string): string =>
  `「${manual.title}」\n${origin}/v2/core/manuals/${encodeURIComponent(String(manual.id))}`;

/** One section, its heading marked as a chat message marks a heading. */
export const sectionSnippet = (section: ManualSection): string => (section.body ? `■ ${section.heading}\n${section.body}` : `■ ${section.heading}`);

/**
 * `snippet` put in `text` in place of the selection [start, end), on lines of its own; answers
 * the new text and where the caret goes (after the snippet).
 */
export function insertSnippet(text: string, snippet: string, start = text.length, end = start): { text: string; caret: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  const before = text.slice(0, from);
  const after = text.slice(to);
  const lead = before === '' || before.endsWith('\n') ? '' : '\n';
  const tail = after === '' || after.startsWith('\n') ? '' : '\n';
  const inserted = `${lead}${snippet}${tail}`;
  return { text: `${before}${inserted}${after}`, caret: before.length + lead.length + snippet.length };
}

import { Lexer, type Token } from 'marked';

/**
 * The server side of the manuals' safety rules (issue 22 item 10): what is stored is markdown
 * without raw HTML (block or inline: `<script>`, `<img onerror>`, comments) and without images
 * from anywhere but our own manual-images bucket, so no reader of the stored text (the SPA's
 * viewer, an export, a future renderer) ever meets them. Code spans and fenced code keep their
 * text: there it is shown, not interpreted.
 *
 * The markdown is lexed with marked (the parser @tiptap/markdown, the SPA's editor, reads it
 * with), and each offending token's source text is cut out of the original, so everything else
 * stays byte for byte as the editor wrote it.
 */

/** Our store's public URL of a manual image, as the presign call answers it (any environment). */
const OWN_IMAGE = /^(\/[a-z]+)?\/storage\/manual-images\/[^?#\s]+$/;

export const isOwnManualImage = (href: string) => OWN_IMAGE.test(href) && !href.includes('..');

const MAX_PASSES = 8;

function offending(tokens: Token[] | undefined, out: Token[]): Token[] {
  for (const token of tokens ?? []) {
    if (token.type === 'html') out.push(token);
    else if (token.type === 'image' && !isOwnManualImage(String(token.href ?? ''))) out.push(token);
    else {
      const t = token as Token & { tokens?: Token[]; items?: Token[] };
      offending(t.tokens, out);
      offending(t.items, out);
    }
  }
  return out;
}

/**
 * The markdown without raw HTML and foreign images, or undefined when a construct could not be
 * cut cleanly (the caller refuses the text rather than store it half-cleaned).
 */
export function cleanManualMarkdown(markdown: string): string | undefined {
  let text = markdown;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const found = offending(new Lexer().lex(text), []);
    if (found.length === 0) return text;
    let cursor = 0;
    let next = '';
    for (const token of found) {
      const at = text.indexOf(token.raw, cursor);
      if (at >= 0) {
        next += text.slice(cursor, at);
        // A block keeps its trailing blank line, so the blocks around it stay apart.
        next += token.type === 'html' && token.block ? token.raw.replace(/^[^]*?(\n*)$/, '$1') : '';
        cursor = at + token.raw.length;
        continue;
      }
      // Spread over prefixed lines (a blockquote's `>`): neutralise its opening `<` and look again.
      const firstLine = token.raw.split('\n')[0];
      const lineAt = firstLine ? text.indexOf(firstLine, cursor) : -1;
      if (lineAt < 0 || !firstLine.startsWith('<')) return undefined;
      next += `${text.slice(cursor, lineAt)}\\`;
      cursor = lineAt;
    }
    text = next + text.slice(cursor);
  }
  return offending(new Lexer().lex(text), []).length === 0 ? text : undefined;
}

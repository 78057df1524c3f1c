import { foldSearchText, searchTerms } from '../../contract/searchText';

/**
 * Highlighting search matches as the server found them: text and query are compared folded
 * (NFKC, hiragana as katakana, ASCII lower case), so 「てんぷれーと」 marks 「テンプレート」 and
 * 「ﾃﾝﾌﾟﾚｰﾄ」 alike, and the marks land on the original characters.
 */
export interface Segment {
  text: string;
  match: boolean;
}

/** Marks that fold together with the character before them (ｶﾞ → ガ). */
const JOINS_PREVIOUS = (ch: string) => {
  const code = ch.codePointAt(0)!;
  return code === 0xff9e || code === 0xff9f || code === 0x3099 || code === 0x309a || (code >= 0x300 && code <= 0x36f);
};

interface Units {
  units: string[];
  folded: string;
  /** For each UTF-16 index of `folded`, the unit it came from. */
  unitAt: number[];
}

function fold(text: string): Units {
  const units: string[] = [];
  for (const ch of text) {
    if (units.length > 0 && JOINS_PREVIOUS(ch)) units[units.length - 1] += ch;
    else units.push(ch);
  }
  let folded = '';
  const unitAt: number[] = [];
  units.forEach((unit, index) => {
    // White space folds to nothing, as the search's key does: a term typed without the space a
    // text has (かもめ薬局市川店) marks both words, and not the space between.
    const f = /^\s+$/.test(unit) ? '' : foldSearchText(unit);
    folded += f;
    for (let i = 0; i < f.length; i++) unitAt.push(index);
  });
  return { units, folded, unitAt };
}

/** Which units of the text the query's terms cover. */
function coveredUnits(parts: Units, query: string): boolean[] {
  const covered = parts.units.map(() => false);
  for (const term of searchTerms(query)) {
    let from = parts.folded.indexOf(term);
    while (from !== -1) {
      for (let i = from; i < from + term.length; i++) covered[parts.unitAt[i]] = true;
      from = parts.folded.indexOf(term, from + term.length);
    }
  }
  return covered;
}

/** The text cut into matched and unmatched runs; joined back they are the text itself. */
export function highlightSegments(text: string, query: string): Segment[] {
  const parts = fold(text);
  const covered = coveredUnits(parts, query);
  const segments: Segment[] = [];
  parts.units.forEach((unit, index) => {
    const last = segments[segments.length - 1];
    if (last && last.match === covered[index]) last.text += unit;
    else segments.push({ text: unit, match: covered[index] });
  });
  return segments;
}

/** Markdown as the plain words a reader sees (for search excerpts): no marks, link targets or image sources. */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .replace(/```[^\n]*\n([\s\S]*?)```/g, '$1')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '')
    .replace(/(\*\*|__|\*|_|~~|`)/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * About `length` characters of the content around its first match (the start when only the
 * title matched), with … where it was cut.
 */
export function excerpt(markdown: string, query: string, length = 120): string {
  const plain = markdownToPlainText(markdown);
  const parts = fold(plain);
  const first = coveredUnits(parts, query).indexOf(true);
  const units = parts.units;
  if (units.length <= length) return plain;
  const start = first <= length / 3 ? 0 : Math.min(first - Math.floor(length / 3), units.length - length);
  const end = Math.min(units.length, start + length);
  return `${start > 0 ? '…' : ''}${units.slice(start, end).join('')}${end < units.length ? '…' : ''}`;
}

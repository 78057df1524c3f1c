import { foldSearchKey, foldSearchText, searchTerms } from '../../contract/searchText';

/**
 * How the jump palette orders what it found (pure). Within a master: a record whose code equals
 * the typed code first, then names by how well they match the folded text (equal, starting
 * with it, a word starting with it, containing it, containing every term), shorter names
 * first among equals, then the server's order. Masters are ordered by the kind of their best
 * record's match, ties by the master's own place (`priority`, the declaration's).
 *
 * Names are compared folded (`foldSearchKey`), as the server searches: ﾌｧｰﾏ, ファーマ and
 * ふぁーま rank alike, and so do a name and the same name without its spaces.
 */
export interface PaletteHit {
  /** Unique within the palette: resource and id. */
  key: string;
  resource: string;
  id: string;
  /** The record's name (its declaration's `recordRepresentation`), or `#id`. */
  label: string;
  /** A second line: the matched code or the declared detail fields. */
  detail?: string;
  /** The spec's route of the record's detail. */
  url: string;
  /** The record's code equals the typed code (an equality lookup that found it). */
  codeMatch?: boolean;
  /** Its place in the server's answer (0 first). */
  order: number;
}

export interface PaletteGroup {
  resource: string;
  /** The master's name as the sidebar gives it (薬局, 医療用医薬品). */
  label: string;
  /** The master's place among the others when their best records tie (lower first). */
  priority: number;
  hits: PaletteHit[];
  /** More records than shown: this option opens them all (the master's list, searched). */
  more?: PaletteHit;
}

export const SCORE = { code: 1000, equal: 900, prefix: 800, wordPrefix: 700, contains: 600, allTerms: 500, other: 300 } as const;

/** How well a name matches the typed text, higher better; 0 for an empty text. */
export const nameScore = (text: string, name: string): number => {
  // Compared without white space, as the server searches: 「かもめ薬局市川店」 equals 「かもめ薬局 市川店」.
  const query = foldSearchKey(text);
  if (query === '') return 0;
  const folded = foldSearchKey(name);
  const lengthPenalty = Math.min([...folded].length, 99) / 100;
  if (folded === query) return SCORE.equal;
  if (folded.startsWith(query)) return SCORE.prefix - lengthPenalty;
  // From the start of a word of the name on (市川店, 薬局市川店 in かもめ 薬局 市川店).
  const words = foldSearchText(name).split(' ');
  if (words.some((_, i) => words.slice(i).join('').startsWith(query))) return SCORE.wordPrefix - lengthPenalty;
  const at = folded.indexOf(query);
  if (at >= 0) return SCORE.contains - Math.min(at, 99) / 10 - lengthPenalty;
  const terms = searchTerms(text);
  if (terms.length > 1 && terms.every((term) => folded.includes(term))) return SCORE.allTerms - lengthPenalty;
  // The server matched another field (an address, a pronunciation, an e-mail).
  return SCORE.other - lengthPenalty;
};

export const hitScore = (text: string, hit: PaletteHit): number => (hit.codeMatch ? SCORE.code : nameScore(text, hit.label));

/** A group's hits best first (ties: the server's order), without changing the group otherwise. */
export const rankHits = (text: string, hits: readonly PaletteHit[]): PaletteHit[] =>
  hits
    .map((hit) => ({ hit, score: hitScore(text, hit) }))
    .sort((a, b) => b.score - a.score || a.hit.order - b.hit.order)
    .map(({ hit }) => hit);

/**
 * The groups best first, each ranked and cut to its best `limit`; empty groups dropped. A record found by two lookups of one
 * master (a 13-digit code that is both a HOT13 and a JAN) shows once, with its best reading.
 */
export const rankGroups = (text: string, groups: readonly PaletteGroup[], limit = Infinity): PaletteGroup[] => {
  const merged = new Map<string, PaletteGroup>();
  for (const group of groups) {
    const existing = merged.get(group.resource);
    if (!existing) {
      merged.set(group.resource, { ...group, hits: [...group.hits] });
      continue;
    }
    for (const hit of group.hits) {
      const index = existing.hits.findIndex((other) => other.key === hit.key);
      if (index < 0) existing.hits.push(hit);
      else if (hit.codeMatch && !existing.hits[index].codeMatch) existing.hits[index] = hit;
    }
  }
  const ranked = [...merged.values()]
    .filter((group) => group.hits.length > 0)
    .map((group) => ({ ...group, hits: rankHits(text, group.hits).slice(0, limit) }));
  // By the kind of their best match (code, equal, prefix...), then the masters' own order: a
  // slightly shorter name in a minor master does not jump ahead of the pharmacies.
  const tier = (group: PaletteGroup) => Math.floor(hitScore(text, group.hits[0]) / 100);
  return ranked.sort((a, b) => tier(b) - tier(a) || a.priority - b.priority);
};

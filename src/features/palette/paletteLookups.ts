import type { GetListResult, SortPayload } from 'react-admin';
import type { AnyResourceDeclaration } from '../../resources/types';
import { RELEVANCE_SORT } from '../../contract';
import type { Capability } from '../../contract/additions';
import { isAvailable } from '../../app/capabilities';
import { listTakes } from '../../dataProvider/listParameters';
import { listTitleOf } from '../../resources/listTitle';
import { searchFilterOf } from '../../resources/listSearch';
import { foldSearchKey, foldSearchText } from '../../contract/searchText';
import { normaliseCode, recogniseCodes, CODE_SHAPES, type CodeShape } from '../../lib/codeShapes';
import { nameScore, type PaletteGroup, type PaletteHit } from './paletteRanking';
import { specPath } from '../../lib/specPaths';
import type { RecentRecord } from './recentRecords';
import { codeRoute } from '../../lib/masterSourceLinks';

/**
 * What the jump palette asks, derived from the declarations alone (pure): which list calls a
 * typed text becomes, and how their rows become results. A master joins by its declaration
 * (`palette`, and a `search` filter for names); nothing here names a master.
 */
export interface PaletteLookup {
  resource: string;
  /** The group's heading: the master's name. */
  label: string;
  /** The master's place in the registry: its group's order when matches tie. */
  priority: number;
  /** The list call's filter (the declared fixed filters, then the code or the text). */
  filter: Record<string, unknown>;
  /** For a code: the normalised code and the fields that must hold it for a row to count. */
  code?: { value: string; fields: { field?: string; shape: CodeShape }[] };
  /** The row fields a result is made of (the list's `fields`): a row of 49 fields is sent as 5. */
  fields: string[];
  /** A name search asks the best matches of all (RELEVANCE_SORT); a code lookup, the list's own order. */
  sort?: SortPayload;
}

/** Names by relevance: the first page holds the best of all matches, not the newest 25 that match. */
export const BY_RELEVANCE: SortPayload = { field: RELEVANCE_SORT, order: 'ASC' };

/**
 * What a result shows of a row: its id (and `recordKey`), its name, its detail line and its code
 * fields, by their top-level field (`pharmacyInvoice.invoiceNumber` comes with `pharmacyInvoice`).
 */
export const resultFieldsOf = (declaration: AnyResourceDeclaration): string[] => {
  const paths = ['id', declaration.recordKey, declaration.recordRepresentation, ...(declaration.palette?.detail ?? []), ...(declaration.palette?.codes ?? []).map(({ field }) => field)];
  return [...new Set(paths.filter((path): path is string => path !== undefined).map((path) => path.split('.')[0]))];
};

export { searchFilterOf };

/** A list reachable without a parameter of its own (not `/pharmacies/{pharmacyId}/...`). */
const plainList = (declaration: AnyResourceDeclaration) => !declaration.api.includes('{');

/** Searched by name: a plain list with a search filter, unless the declaration opts out. */
export const searchesNames = (declaration: AnyResourceDeclaration): boolean =>
  plainList(declaration) && searchFilterOf(declaration) !== undefined && declaration.palette?.searchNames !== false;

/**
 * The list calls for a typed text, likeliest first. A code (by shape) is looked up in every
 * master declaring a field of that shape, one call per master, filter and code (a lookup that
 * needs an addition the environment lacks, such as the phone search, is not asked); a text that
 * is no code is searched by name in every master that searches. An empty text asks nothing.
 */
export const planLookups = (declarations: readonly AnyResourceDeclaration[], text: string, capabilities: ReadonlySet<Capability>): PaletteLookup[] => {
  if (foldSearchText(text) === '') return [];
  const codes = recogniseCodes(text);
  const lookups: PaletteLookup[] = [];
  // Only what the list's call takes in this environment (section 7, or an addition it names).
  const takes = (declaration: AnyResourceDeclaration, filter: Record<string, unknown>) => Object.keys(filter).every((name) => listTakes(declaration.api, name, capabilities));
  if (codes.length > 0) {
    // Readings likeliest first (check digits), then the masters' order.
    for (const { shape, code } of codes) {
      declarations.forEach((declaration, priority) => {
        if (!plainList(declaration)) return;
        for (const declared of declaration.palette?.codes ?? []) {
          if (declared.shape !== shape || !isAvailable(capabilities, declared.requires)) continue;
          const filterName = declared.filter ?? searchFilterOf(declaration);
          if (!filterName || !takes(declaration, { ...declaration.palette?.filter, [filterName]: code })) continue;
          const same = lookups.find((lookup) => lookup.resource === declaration.name && lookup.filter[filterName] === code);
          if (same) {
            same.code!.fields.push({ field: declared.field, shape });
            continue;
          }
          lookups.push({
            resource: declaration.name,
            label: declaration.label,
            priority,
            filter: { ...declaration.palette?.filter, [filterName]: code },
            code: { value: code, fields: [{ field: declared.field, shape }] },
            fields: resultFieldsOf(declaration),
          });
        }
      });
    }
    return lookups;
  }
  declarations.forEach((declaration, priority) => {
    if (!searchesNames(declaration)) return;
    const filter = { ...declaration.palette?.filter, [searchFilterOf(declaration)!]: text.trim() };
    if (!takes(declaration, filter)) return;
    lookups.push({
      resource: declaration.name,
      label: declaration.label,
      priority,
      filter,
      fields: resultFieldsOf(declaration),
      sort: BY_RELEVANCE,
    });
  });
  return lookups;
};

/** A value at a dotted path (`pharmacyInvoice.invoiceNumber`). */
const valueAt = (record: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), record);

const shown = (value: unknown): string | undefined =>
  value === null || value === undefined || value === '' ? undefined : typeof value === 'object' ? undefined : String(value);

const nameOf = (declaration: AnyResourceDeclaration, row: Record<string, unknown>): string | undefined =>
  declaration.recordRepresentation ? shown(valueAt(row, declaration.recordRepresentation)) : undefined;

/** The declared detail fields' values (`palette.detail`), but `except`. */
const detailsOf = (declaration: AnyResourceDeclaration, row: Record<string, unknown>, except?: string): string[] =>
  (declaration.palette?.detail ?? [])
    .filter((field) => field !== except)
    .map((field) => shown(valueAt(row, field)))
    .filter((value): value is string => value !== undefined);

/**
 * A record as the palette lists it among the recent ones (its name, its detail line, its detail
 * page), or undefined for one that has no page of its own to go back to (a list under another
 * record's path).
 */
export const recentOf = (declaration: AnyResourceDeclaration, record: Record<string, unknown>): Omit<RecentRecord, 'openedAt'> | undefined => {
  const id = shown(record.id);
  if (id === undefined || !plainList(declaration)) return undefined;
  const detail = detailsOf(declaration, record).join('　');
  return { resource: declaration.name, id, label: nameOf(declaration, record) ?? `#${id}`, detail: detail || undefined, url: specPath.show(declaration.name, id) };
};

/**
 * A lookup's rows as results, in the server's order. A code lookup keeps only the rows whose
 * declared field holds the code (a search that found no equal code falls back to text, which
 * is no answer to a code); its detail line starts with the code's field.
 */
export const hitsOf = (declaration: AnyResourceDeclaration, lookup: PaletteLookup, rows: readonly Record<string, unknown>[]): PaletteHit[] => {
  const hits: PaletteHit[] = [];
  rows.forEach((row, order) => {
    const id = shown(row.id);
    if (id === undefined) return;
    // A code the row does not carry (no field) was matched by the server's equality lookup alone.
    const matched = lookup.code?.fields.find(({ field }) => field === undefined || normaliseCode(shown(valueAt(row, field)) ?? '') === lookup.code!.value);
    if (lookup.code && !matched) return;
    const name = nameOf(declaration, row);
    const details = detailsOf(declaration, row, matched?.field);
    const codeText =
      matched &&
      (matched.field === undefined
        ? `${CODE_SHAPES[matched.shape].label} ${lookup.code!.value}`
        : `${declaration.fields[matched.field]?.label ?? CODE_SHAPES[matched.shape].label} ${shown(valueAt(row, matched.field))}`);
    const detail = [codeText, ...details].filter(Boolean).join('　');
    hits.push({
      key: `${declaration.name}:${id}`,
      resource: declaration.name,
      id,
      label: name ?? `#${id}`,
      detail: detail || undefined,
      url: specPath.show(declaration.name, id),
      codeMatch: matched ? true : undefined,
      order,
    });
  });
  return hits;
};

/**
 * The lookups' answers (getLists', in the order asked) as the masters' groups, and the masters
 * whose lookup failed (named under the results while the others show). With the batch or
 * without it, the same answers make the same groups.
 */
export const groupsOf = (
  declarations: readonly AnyResourceDeclaration[],
  lookups: readonly PaletteLookup[],
  answers: readonly PromiseSettledResult<GetListResult>[],
  text: string,
): { found: PaletteGroup[]; failed: string[] } => {
  const found: PaletteGroup[] = [];
  const failed: string[] = [];
  lookups.forEach((lookup, index) => {
    const answer = answers[index];
    const declaration = declarations.find((candidate) => candidate.name === lookup.resource)!;
    if (answer?.status === 'fulfilled') {
      const hits = hitsOf(declaration, lookup, answer.value.data);
      found.push({ resource: lookup.resource, label: lookup.label, priority: lookup.priority, hits, more: moreOf(declaration, lookup, text, answer.value.total, hits.length) });
      return;
    }
    // Spec section 8: a 404 on a fetch by ids is an empty result (no record has that id).
    const notFound = lookup.filter.ids !== undefined && (answer?.reason as { status?: unknown } | null | undefined)?.status === 404;
    if (!notFound && !failed.includes(lookup.label)) failed.push(lookup.label);
  });
  return { found, failed };
};

/**
 * How long typing must pause before the palette asks. With one request per text and a newer text
 * aborting the older one, waiting no longer saves a queue of calls, only requests nobody reads: a
 * barcode scanner and key repeat type a character every 5-35 ms, a person typing a code or romaji
 * directly one every 80 ms or more, and under an IME nothing is sent before the commit. 40 ms
 * takes a scanned code as one text and costs a person nothing they notice. Zero would send one
 * batch per scanned digit, and the server runs an aborted batch to its end (its queries are
 * synchronous), so the real text would queue behind a dozen unread ones. It was 150 ms while
 * the lookups went one list at a time.
 */
export const PALETTE_DEBOUNCE_MS = 40;

/** Input types that put a finished text in the box: nothing more of it is on the way. */
const WHOLE_TEXT_INPUTS: ReadonlySet<string> = new Set(['insertFromPaste', 'insertFromDrop', 'insertReplacementText', 'insertFromYank']);

/**
 * Whether a change to the box is a finished text, asked at once rather than after the pause: a
 * paste, a drop, an autocorrection, or several characters put in by one input (an IME's commit
 * arrives so, and so does autofill). The pause exists to let the next typed character join the
 * text; after a whole text that is not coming, and waiting would only add 40 ms to every paste
 * and every converted word, which is how Japanese names are typed. A character typed or deleted
 * (a scanner's digits come one at a time) still waits.
 */
export const isWholeText = (before: string, after: string, inputType: string | undefined): boolean =>
  after.trim() !== '' && ((inputType !== undefined && WHOLE_TEXT_INPUTS.has(inputType)) || characters(after) - characters(before) > 1);

const graphemes = new Intl.Segmenter('ja', { granularity: 'grapheme' });
/** Characters as a person types them: 𠮷 or a letter with its accent mark is one. */
const characters = (text: string) => {
  let count = 0;
  for (const _ of graphemes.segment(text)) count += 1;
  return count;
};

/** Records shown per master; more are one option away (`moreOf`). */
export const PER_GROUP = 5;

/**
 * The option that opens all of a name search's records in the master's list (searched as the
 * palette searched, `?filter=`), or in the screen the declaration names (`searchRoute`); none
 * for a code lookup or when everything is shown.
 */
export const moreOf = (declaration: AnyResourceDeclaration, lookup: PaletteLookup, text: string, total: number | undefined, found: number): PaletteHit | undefined => {
  if (lookup.code || Math.max(total ?? 0, found) <= PER_GROUP) return undefined;
  const route = declaration.palette?.searchRoute;
  if (!route && declaration.views?.list) return undefined;
  const url = route
    ? `${specPath.list(declaration.name)}/${route.replace('{query}', encodeURIComponent(text.trim()))}`
    : `${specPath.list(declaration.name)}?filter=${encodeURIComponent(JSON.stringify(lookup.filter))}`;
  const count = total === undefined ? '' : `（${total.toLocaleString('ja-JP')}件）`;
  return { key: `more:${declaration.name}`, resource: declaration.name, id: 'more', label: `${listTitleOf(declaration)}で「${text.trim()}」をすべて表示${count}`, url, order: found };
};

/** A screen or an action the palette offers by its name (薬局一覧, 新規薬局, マスター更新). */
export interface PaletteScreen {
  label: string;
  url: string;
  kind: '画面' | '操作';
  /** Where an action belongs when its name alone does not say (マスター更新: 医療用医薬品一覧). */
  context?: string;
}

/**
 * Every master's list (when it can be opened without a parameter), its create form (新規…) and
 * its list's header links (マスター更新), then the screens of the sidebar and the other named
 * custom routes (`extra`), each URL once.
 */
export const paletteScreens = (declarations: readonly AnyResourceDeclaration[], extra: readonly { label: string; to: string }[]): PaletteScreen[] => {
  const screens: PaletteScreen[] = [];
  const add = (screen: PaletteScreen) => {
    if (!screens.some((other) => other.url === screen.url)) screens.push(screen);
  };
  for (const declaration of declarations) {
    if (declaration.menu || plainList(declaration)) add({ label: listTitleOf(declaration), url: specPath.list(declaration.name), kind: '画面' });
    if (declaration.capabilities?.create) add({ label: `新規${declaration.recordLabel}`, url: specPath.create(declaration.name), kind: '操作' });
    for (const link of declaration.list.links ?? []) {
      add({ label: link.label, url: `${specPath.list(declaration.name)}/${link.route}`, kind: '操作', context: listTitleOf(declaration) });
    }
  }
  for (const entry of extra) add({ label: entry.label, url: entry.to, kind: '画面' });
  return screens;
};

export const SCREENS_GROUP = '画面・操作';
export const CODE_PAGES_GROUP = 'コードの詳細';
export const RECENT_GROUP = '最近開いたレコード';

/** The screens whose name holds the folded text, best first, as one group. */
export const screenGroup = (screens: readonly PaletteScreen[], text: string, limit = 6): PaletteGroup => {
  const query = foldSearchKey(text);
  const hits: PaletteHit[] =
    query === ''
      ? []
      : screens
          .filter((screen) => foldSearchKey(screen.label).includes(query))
          .map((screen, order) => ({ key: `screen:${screen.url}`, resource: SCREENS_GROUP, id: screen.url, label: screen.label, detail: screen.context ? `${screen.kind}（${screen.context}）` : screen.kind, url: screen.url, order }))
          .sort((a, b) => nameScore(text, b.label) - nameScore(text, a.label) || a.order - b.order)
          .slice(0, limit);
  return { resource: SCREENS_GROUP, label: SCREENS_GROUP, priority: -1, hits };
};

/** The code pages a typed code opens without a lookup: a HOT code's and a receipt code's master diff. */
export const codePageGroup = (text: string): PaletteGroup => {
  const hits: PaletteHit[] = [];
  for (const { shape, code } of recogniseCodes(text)) {
    const kind = shape === 'hot9' || shape === 'hot13' ? 'hot_codes' : shape === 'receipt' ? 'receipt_codes' : undefined;
    const url = kind && codeRoute(kind, code);
    if (!url || hits.some((hit) => hit.url === url)) continue;
    const label = kind === 'hot_codes' ? `HOTコード ${code} の取り込み差分` : `レセプト電算コード ${code} の取り込み差分`;
    hits.push({ key: `code:${url}`, resource: CODE_PAGES_GROUP, id: url, label, detail: '外部マスタデータ', url, codeMatch: true, order: hits.length });
  }
  return { resource: CODE_PAGES_GROUP, label: CODE_PAGES_GROUP, priority: 1000, hits };
};

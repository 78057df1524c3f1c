import type { DataProvider, GetListResult, Identifier, RaRecord, SortPayload } from 'react-admin';
import type { AnyResourceDeclaration, FieldDeclaration } from '../../resources/types';
import type { ListMeta } from '../../dataProvider';
import { csvLine, encodeChunk, fileStart, type ExportCell, type ExportEncoding } from './csvExport';
import { SERVER_PAGE_SIZE } from '../../lib/constants';
import { exportCell } from './exportCells';
import { fieldLabels, fieldValue } from '../../resources/schema/shared/fieldDisplay';
import { referenceFallback, referenceIds, referenceName } from '../../resources/schema/shared/references';
import type { FindDeclaration } from '../../resources/schema/shared/DeclarationsContext';
import { VERSIONED_WITHOUT_SCREEN } from '../../contract/versions';

/**
 * A declared list's export: every page of the list as the screen asks for it (its filters,
 * search and sort), the columns it shows, one page's CSV at a time. Each page's bytes are
 * appended to a Blob (the browser keeps a Blob's parts by reference, off the JavaScript heap),
 * so the file is never one giant string nor held twice. The server decides the page size, as
 * for the screen (spec section 2): an export is that list's pages, a few in flight at once.
 */

export interface ListExportOptions {
  dataProvider: DataProvider;
  resource: AnyResourceDeclaration;
  findDeclaration: FindDeclaration;
  filter: Record<string, unknown>;
  sort?: SortPayload;
  /** The visible columns, in the list's order. */
  columns: readonly string[];
  encoding: ExportEncoding;
  signal: AbortSignal;
  onProgress?: (progress: { rows: number; total: number | undefined }) => void;
  now?: Date;
}

export interface ListExportResult {
  blob: Blob;
  rows: number;
  /** Characters CP932 lacks, written as 〓 (always 0 in UTF-8). */
  replaced: number;
}

/**
 * Pages asked at once: the next page travels while this one is written. On the reference API a
 * page costs about 3 ms of its one thread, so a cheap request waits at most two of them; 1 and 3
 * in flight gave the same rows/s on this machine (bench `export`), the browser being the bound.
 */
export const EXPORT_PAGES_IN_FLIGHT = 2;

/** Bytes kept as separate parts before they are folded into the Blob. */
const FOLD_BYTES = 1 << 20;

const throwIfAborted = (signal: AbortSignal) => {
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new DOMException('中止しました', 'AbortError');
};

/** The pages of the list in order: numbered pages a few at a time, token pages one after another. */
async function* pages(options: ListExportOptions): AsyncGenerator<GetListResult> {
  const { dataProvider, resource, filter, sort, signal } = options;
  const ask = (page: number, token?: string) =>
    dataProvider.getList(resource.name, {
      pagination: { page, perPage: SERVER_PAGE_SIZE },
      sort: sort ?? { field: 'id', order: 'ASC' },
      filter,
      meta: token === undefined ? undefined : { token },
      signal,
    });
  const mode = resource.list.paging?.mode ?? 'pages';
  const first = await ask(1);
  yield first;
  if (mode === 'none') return;
  if (mode === 'token') {
    let next = (first.meta as ListMeta | undefined)?.nextToken;
    for (let page = 2; next !== undefined; page += 1) {
      throwIfAborted(signal);
      const answer = await ask(page, next);
      yield answer;
      next = (answer.meta as ListMeta | undefined)?.nextToken;
    }
    return;
  }
  const totalPages = (first.meta as ListMeta | undefined)?.totalPages ?? 1;
  const inFlight: Promise<GetListResult>[] = [];
  let nextPage = 2;
  const fill = () => {
    while (inFlight.length < EXPORT_PAGES_IN_FLIGHT && nextPage <= totalPages) {
      const answer = ask(nextPage++);
      // A page still in flight when the export stops (cancel, a failure) fails unheard.
      answer.catch(() => undefined);
      inFlight.push(answer);
    }
  };
  fill();
  while (inFlight.length > 0) {
    const answer = await inFlight.shift()!;
    throwIfAborted(signal);
    fill();
    yield answer;
  }
}

/**
 * Names of the records a page's reference columns name, looked up once per export (a getMany of
 * the ids not seen yet, 100 ids a call) unless the record carries the name (`nameFrom`).
 */
const referenceNames = (options: ListExportOptions) => {
  const { dataProvider, resource, findDeclaration, columns, signal } = options;
  const known = new Map<string, Map<string, string>>();
  const looked = columns.filter((source) => resource.fields[source].reference && !resource.fields[source].reference.nameFrom);
  const lookUp = async (records: readonly RaRecord[]): Promise<void> => {
    for (const source of looked) {
      const field = resource.fields[source];
      const target = field.reference!.resource;
      const names = known.get(target) ?? new Map<string, string>();
      known.set(target, names);
      const wanted = new Set<Identifier>();
      for (const record of records) for (const id of referenceIds(fieldValue(field, source, record))) if (!names.has(String(id))) wanted.add(id);
      if (wanted.size === 0) continue;
      const representation = findDeclaration(target)?.recordRepresentation;
      const { data } = await dataProvider.getMany(target, { ids: [...wanted], signal });
      for (const record of data) {
        const name = referenceName(record, representation);
        if (name !== undefined) names.set(String(record.id), name);
      }
      // Missing, unreadable or nameless: `#id`, as on screen, and not asked again.
      for (const id of wanted) if (!names.has(String(id))) names.set(String(id), referenceFallback(id));
    }
  };
  const of = (source: string, record: RaRecord): ReadonlyMap<string, string> | undefined => {
    const field = resource.fields[source];
    if (!field.reference) return undefined;
    if (field.reference.nameFrom) {
      const name = referenceName(record, field.reference.nameFrom);
      return name === undefined ? undefined : new Map(referenceIds(fieldValue(field, source, record)).map((id) => [String(id), name]));
    }
    return known.get(field.reference.resource);
  };
  return { lookUp, of };
};

export const exportList = async (options: ListExportOptions): Promise<ListExportResult> => {
  const { resource, findDeclaration, columns, encoding, signal, onProgress, now = new Date() } = options;
  const fields = columns.map((source) => ({ source, field: resource.fields[source] }));
  const names = referenceNames(options);
  // A `labelsOf` field reads as the named master's labels, as on screen (FieldValue).
  const cell = (source: string, field: FieldDeclaration, record: RaRecord): ExportCell => {
    const value = fieldValue(field, source, record, now);
    if (!field.labelsOf) return exportCell(field, value, names.of(source, record));
    const master: unknown = record[field.labelsOf.resourceAt];
    return { text: fieldLabels(typeof master === 'string' ? (findDeclaration(master) ?? VERSIONED_WITHOUT_SCREEN[master]) : undefined, value) ?? '' };
  };
  let blob = new Blob([fileStart(encoding)]);
  let pending: Uint8Array<ArrayBuffer>[] = [];
  let pendingBytes = 0;
  let replaced = 0;
  let rows = 0;
  let total: number | undefined;
  const seen = new Set<string>();
  const append = (text: string) => {
    const chunk = encodeChunk(text, encoding);
    replaced += chunk.replaced;
    pending.push(chunk.bytes);
    pendingBytes += chunk.bytes.byteLength;
    if (pendingBytes >= FOLD_BYTES) {
      blob = new Blob([blob, ...pending]);
      pending = [];
      pendingBytes = 0;
    }
  };
  append(csvLine(fields.map(({ field }) => field.label)));
  for await (const page of pages(options)) {
    total ??= page.total ?? undefined;
    // A row that moved to a later page while the export ran (offset paging) is written once.
    const records = page.data.filter((record) => {
      const key = String(record.id);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    await names.lookUp(records);
    throwIfAborted(signal);
    let text = '';
    for (const record of records) {
      text += csvLine(fields.map(({ source, field }) => cell(source, field, record)));
    }
    append(text);
    rows += records.length;
    onProgress?.({ rows, total });
  }
  blob = new Blob([blob, ...pending], { type: encoding === 'utf8' ? 'text/csv;charset=utf-8' : 'text/csv;charset=shift_jis' });
  return { blob, rows, replaced };
};

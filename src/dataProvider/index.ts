import type {
  CreateParams,
  DataProvider,
  DeleteParams,
  GetListResult,
  GetManyParams,
  GetOneParams,
  Identifier,
  QueryFunctionContext,
  RaRecord,
  SortPayload,
  UpdateParams,
} from 'ra-core';
import type { ResourceDeclaration } from '../resources/types';
import { IDS_CHUNK_SIZE } from '../lib/constants';
import { toSnakeKey } from '../lib/caseConversion';
import type { ApiClient, ApiResponse, SendRequest } from './apiClient';

/**
 * react-admin's data provider over the API client. Each resource's URL is its declaration's
 * `api` (src/resources/types.ts).
 *
 * Errors are the client's HttpError with the response status. Sign-out on 401 and the move to
 * /forbidden on 403 are not done here: react-admin hands every data provider error to
 * authProvider.checkError, which decides (src/authProvider).
 */
export type CsPortalDataProvider = DataProvider & { send: SendRequest };

export interface DataProviderOptions {
  client: ApiClient;
  resources: ResourceDeclaration[];
}

/** `sort=-updated_at` for updated_at descending, `sort=id` for ascending. */
export const formatSort = (sort: SortPayload | undefined): string | undefined => {
  if (!sort?.field) return undefined;
  return `${sort.order === 'DESC' ? '-' : ''}${toSnakeKey(sort.field)}`;
};

const chunk = <T>(items: T[], size: number): T[][] => {
  const chunks: T[][] = [];
  for (let index = 0; index < items.length; index += size) chunks.push(items.slice(index, index + size));
  return chunks;
};

const headerNumber = (headers: Headers, name: string): number | undefined => {
  const value = headers.get(name);
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
};

/**
 * Lists are arrays. A few ordering-service lists wrap the array in an object (`{ iryohokens: [...] }`);
 * the single array-valued property is taken then.
 */
const readList = (json: unknown): RaRecord[] => {
  if (Array.isArray(json)) return json;
  if (json !== null && typeof json === 'object') {
    const arrays = Object.values(json).filter(Array.isArray);
    if (arrays.length === 1) return arrays[0] as RaRecord[];
  }
  return [];
};

const toListResult = (response: ApiResponse<unknown>): GetListResult => {
  const data = readList(response.json);
  const total = headerNumber(response.headers, 'x-total-count');
  const currentPage = headerNumber(response.headers, 'x-current-page');
  const totalPages = headerNumber(response.headers, 'x-total-pages');
  const pageInfo =
    currentPage !== undefined && totalPages !== undefined
      ? { hasNextPage: currentPage < totalPages, hasPreviousPage: currentPage > 1 }
      : undefined;
  // react-admin needs a total or pageInfo; without either header the list is taken as complete.
  return { data, total: total ?? (pageInfo ? undefined : data.length), ...(pageInfo ? { pageInfo } : {}) };
};

const isStatus = (error: unknown, status: number) => (error as { status?: unknown } | null)?.status === status;

const recordPath = (api: string, id: Identifier) => `${api}/${encodeURIComponent(String(id))}`;

/** Update payload: the form's fields when declared (else all data), minus read-only fields. */
export const writableData = (declaration: ResourceDeclaration, data: Record<string, unknown>): Record<string, unknown> => {
  const allowed = declaration.form?.fields ?? Object.keys(data);
  const payload: Record<string, unknown> = {};
  for (const field of allowed) {
    if (declaration.fields[field]?.readOnly || !(field in data)) continue;
    payload[field] = data[field];
  }
  return payload;
};

export const createDataProvider = ({ client, resources }: DataProviderOptions): CsPortalDataProvider => {
  const { send } = client;
  const declarations = new Map(resources.map((declaration) => [declaration.name, declaration]));
  const declarationOf = (resource: string): ResourceDeclaration => {
    const declaration = declarations.get(resource);
    if (!declaration) throw new Error(`unknown resource ${resource}`);
    return declaration;
  };

  // The server decides the page size (SERVER_PAGE_SIZE); only the page number is sent.
  const list = async (resource: string, query: Record<string, unknown>, signal?: AbortSignal) =>
    toListResult(await send({ path: declarationOf(resource).api, query, signal }));

  const dataProvider: CsPortalDataProvider = {
    supportAbortSignal: true,
    send,

    getList: (resource, { pagination, sort, filter, signal }) =>
      list(resource, { ...filter, page: pagination?.page, sort: formatSort(sort) }, signal),

    getOne: async <R extends RaRecord>(resource: string, { id, signal }: GetOneParams<R> & QueryFunctionContext) => {
      const { json } = await send<R>({ path: recordPath(declarationOf(resource).api, id), signal });
      return { data: json };
    },

    // ids=1,2,...,100 per request, chunks in parallel, results in chunk order. A 404 means none of
    // that chunk's ids exist (spec section 8): an empty chunk, not a failure.
    getMany: async <R extends RaRecord>(resource: string, { ids, signal }: GetManyParams<R> & QueryFunctionContext) => {
      const { api } = declarationOf(resource);
      const chunks = await Promise.all(
        chunk(ids, IDS_CHUNK_SIZE).map(async (idsChunk) => {
          try {
            return readList((await send({ path: api, query: { ids: idsChunk }, signal })).json);
          } catch (error) {
            if (isStatus(error, 404)) return [];
            throw error;
          }
        }),
      );
      return { data: chunks.flat() as R[] };
    },

    getManyReference: (resource, { target, id, pagination, sort, filter, signal }) =>
      list(resource, { ...filter, [target]: id, page: pagination?.page, sort: formatSort(sort) }, signal),

    // The API may answer only `{ id }` (POST pharmacies -> id): merge it over what was sent.
    create: async <_R extends Omit<RaRecord, 'id'>, Result extends RaRecord>(resource: string, { data }: CreateParams) => {
      const { json } = await send<Record<string, unknown> | undefined>({ method: 'POST', path: declarationOf(resource).api, body: data });
      return { data: { ...data, ...(json && typeof json === 'object' ? json : {}) } as Result };
    },

    update: async <R extends RaRecord>(resource: string, { id, data, previousData }: UpdateParams) => {
      const declaration = declarationOf(resource);
      const { json } = await send<Record<string, unknown> | undefined>({
        method: declaration.update?.method ?? 'PUT',
        path: recordPath(declaration.api, id),
        body: writableData(declaration, data),
      });
      return { data: { ...previousData, ...data, ...(json && typeof json === 'object' ? json : {}), id } as R };
    },

    delete: async <R extends RaRecord>(resource: string, { id, previousData }: DeleteParams<R>) => {
      await send({ method: 'DELETE', path: recordPath(declarationOf(resource).api, id) });
      return { data: previousData ?? ({ id } as R) };
    },

    // One request per record, one after another: the API has no bulk endpoints and a stop on the
    // first failure leaves a clear state.
    updateMany: async (resource, { ids, data }) => {
      for (const id of ids) await dataProvider.update(resource, { id, data, previousData: { id } });
      return { data: ids };
    },

    deleteMany: async (resource, { ids }) => {
      for (const id of ids) await dataProvider.delete(resource, { id });
      return { data: ids };
    },
  };
  return dataProvider;
};

export { createApiClient } from './apiClient';
export type { ApiClient, ApiClientOptions, ApiRequest, ApiResponse, HttpMethod, SendRequest } from './apiClient';
export type { ApiErrorBody, ApiHttpError } from './httpError';

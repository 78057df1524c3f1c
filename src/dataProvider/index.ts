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
import type { AnyResourceDeclaration } from '../resources/types';
import { IDS_BATCH_SIZE } from '../contract';
import type { ApiClient, ApiResponse, SendRequest } from './apiClient';
import { fillTemplate, recordPath } from './endpoint';
import { accountMethods } from './methods/account';
import { inquiryMethods } from './methods/inquiries';
import { manualMethods } from './methods/manuals';
import { membershipMethods } from './methods/memberships';
import { uploadMethods } from './methods/uploads';
import { pharmacyMasterMethods } from './methods/pharmacyMasters';
import { stockMethods } from './methods/stocks';
import { masterImportMethods } from './methods/masterImports';
import { nsipsMethods } from './methods/nsips';
import { masterSourceMethods } from './methods/masterSources';
import { userMethods } from './methods/users';
import { warehouseMethods } from './methods/warehouse';
import { ListContractError, readListArray } from './paging';
import { listRequest as listRequestOf, pagingOf, readListAnswer, withId, type ListMeta, type ListPage } from './listCall';
import { withinCapabilities } from './listParameters';
import { listLookupMethods, type ListLookupMethods } from './listLookups';
import { writePayload } from './writePayload';
import { RECORD_DELETED_MESSAGE, RecordConflictError, unmodifiedSinceHeader, versionOf } from './recordConflict';
import { createHttpError } from './httpError';
import type { CsPortalMethods } from './methods/portalMethods';
import { ADDITIONS, type Capability } from '../contract/additions';

/**
 * react-admin's data provider over the API client, driven by the declarations
 * (src/resources/types.ts): `api` templates, `recordKey`, `list.paging` / `list.listKey`,
 * `update` and the fields' write rules.
 *
 * Everything that is not CRUD is a named method (membership, account, uploads: ./methods/), as
 * marmelab's atomic-crm does: screens call `dataProvider.addGroupPharmacy(...)` through
 * `useDataProvider<CsPortalDataProvider>()`, never a path. `send` stays for the screens that have
 * not moved to a method yet; a new screen adds a method instead.
 *
 * Errors are the client's HttpError with the response status. Sign-out on 401 and the move to
 * /forbidden on 403 are not done here: react-admin hands every data provider error to
 * authProvider.checkError, which decides (src/authProvider).
 */

/** The named methods over any `send`, so tests can put them on a fake data provider too. */
export const portalMethods = (send: SendRequest, fetchImpl?: typeof fetch): CsPortalMethods => {
  // Resolved per call so test interceptors (msw) installed later are honoured.
  const doFetch = () => fetchImpl ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const uploads = uploadMethods(send, doFetch);
  return {
    ...membershipMethods(send),
    ...accountMethods(send),
    ...stockMethods(send),
    ...userMethods(send),
    ...uploads,
    ...pharmacyMasterMethods(send, uploads),
    ...inquiryMethods(send, uploads, doFetch),
    ...manualMethods(send, doFetch),
    ...masterImportMethods(send),
    ...warehouseMethods(send),
    ...nsipsMethods(send, doFetch),
    ...masterSourceMethods(send),
  };
};

export type CsPortalDataProvider = DataProvider &
  CsPortalMethods &
  ListLookupMethods & {
    /** The raw call; prefer a named method. */
    send: SendRequest;
  };

export interface DataProviderOptions {
  client: ApiClient;
  resources: readonly AnyResourceDeclaration[];
  /** For uploads to presigned URLs (a storage host, not the API); resolved per call so msw sees it. */
  fetch?: typeof fetch;
  /** The additions beyond spec section 7 the environment's services have (src/contract/additions.ts); none is used unless named. */
  capabilities: ReadonlySet<Capability>;
}

const chunk = <T>(items: T[], size: number): T[][] => {
  const chunks: T[][] = [];
  for (let index = 0; index < items.length; index += size) chunks.push(items.slice(index, index + size));
  return chunks;
};

const isStatus = (error: unknown, status: number) => (error as { status?: unknown } | null)?.status === status;

const asObject = (value: unknown): Record<string, unknown> => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {});

interface ListQuery {
  resource: string;
  filter: Record<string, unknown>;
  page: number;
  sort?: SortPayload;
  meta?: { token?: unknown };
  signal?: AbortSignal;
}

export const createDataProvider = ({ client, resources, fetch: fetchImpl, capabilities }: DataProviderOptions): CsPortalDataProvider => {
  const { send } = client;
  const declarations = new Map(resources.map((declaration) => [declaration.name, declaration]));
  const declarationOf = (resource: string): AnyResourceDeclaration => {
    const declaration = declarations.get(resource);
    if (!declaration) throw new Error(`unknown resource ${resource}`);
    return declaration;
  };

  /**
   * Continuation tokens by query, so react-admin's page N (useInfiniteGetList asks for page 2,
   * 3, ...) finds the token page N-1 answered. A caller may also pass `meta.token` itself.
   */
  const tokensByQuery = new Map<string, Map<number, string>>();

  const list = async ({ resource, filter, page, sort: asked, meta, signal }: ListQuery): Promise<GetListResult> => {
    const declaration = declarationOf(resource);
    // A column that sorts by another key (an addition's) asks that key where the services have it.
    const sortAs = asked?.field ? declaration.fields[asked.field]?.sortAs : undefined;
    const sort = sortAs && capabilities.has(sortAs.requires) ? { ...asked!, field: sortAs.key } : asked;
    const paging = pagingOf(declaration);
    // What the services would refuse is never sent (the screens do not offer it either).
    const listRequest = (listPage: ListPage) => withinCapabilities(listRequestOf(declaration, listPage), capabilities);
    if (paging.mode !== 'token') {
      const request = listRequest({ filter, page, sort });
      return readListAnswer(declaration, await send({ path: request.path, query: request.query, signal }), { page }, request.where);
    }
    const first = listRequest({ filter, page: 1, sort });
    const queryKey = JSON.stringify([first.path, first.query]);
    const remembered = tokensByQuery.get(queryKey) ?? new Map<number, string>();
    tokensByQuery.set(queryKey, remembered);
    const token = typeof meta?.token === 'string' ? meta.token : page > 1 ? remembered.get(page) : undefined;
    if (page > 1 && token === undefined) {
      throw new ListContractError(`${first.where}: ${page}ページ目の継続トークンがありません（先に${page - 1}ページ目を読み込んでください）`);
    }
    const request = listRequest({ filter, page, sort, token });
    const result = readListAnswer(declaration, await send({ path: request.path, query: request.query, signal }), { page, token }, request.where);
    const nextToken = (result.meta as ListMeta).nextToken;
    if (nextToken !== undefined) remembered.set(page + 1, nextToken);
    return result;
  };

  /** The collection path of a single-record call: `{param}`s from the call's `meta`. */
  const collectionPath = (declaration: AnyResourceDeclaration, meta: unknown) => fillTemplate(declaration.api, asObject(meta)).path;

  /**
   * One record. Where section 7 gives its list no detail call (`recordDetails`, an addition) and
   * the environment lacks it, the record is its row of the list's batch fetch by ids: a missing
   * one is a 404 either way.
   */
  const readRecord = async <R>(declaration: AnyResourceDeclaration, meta: unknown, id: Identifier, signal?: AbortSignal): Promise<ApiResponse<R>> => {
    const path = collectionPath(declaration, meta);
    const detailIsAddition = ADDITIONS.recordDetails.operations!.includes(`GET ${declaration.api}/{id}`);
    if (!detailIsAddition || capabilities.has('recordDetails')) return send<R>({ path: recordPath(path, id), signal });
    const response = await send({ path, query: { ids: [id] }, signal });
    const [row] = readListArray<R>(response.json, declaration.list.listKey, `${declaration.name} (${path})`);
    if (row === undefined) throw createHttpError(404);
    return { ...response, json: row };
  };

  const dataProvider: CsPortalDataProvider = {
    supportAbortSignal: true,
    send,
    ...portalMethods(send, fetchImpl),
    ...listLookupMethods(send, declarationOf, capabilities),

    getList: (resource, { pagination, sort, filter, meta, signal }) =>
      list({ resource, filter: { ...filter }, page: pagination?.page ?? 1, sort, meta, signal }),

    // A related list (`related: { resource, target }`): the target fills the api's `{target}`
    // when the template has one (`/pharmacies/{pharmacyId}/licenses`), else it is a filter.
    getManyReference: (resource, { target, id, pagination, sort, filter, meta, signal }) =>
      list({ resource, filter: { ...filter, [target]: id }, page: pagination?.page ?? 1, sort, meta, signal }),

    getOne: async <R extends RaRecord>(resource: string, { id, meta, signal }: GetOneParams<R> & QueryFunctionContext) => {
      const declaration = declarationOf(resource);
      const { json } = await readRecord<R>(declaration, meta, id, signal);
      return { data: withId<R>(declaration, json) };
    },

    // ids=1,2,...,100 per request, chunks in parallel, results in chunk order. A 404 means none of
    // that chunk's ids exist (spec section 8): an empty chunk, not a failure.
    getMany: async <R extends RaRecord>(resource: string, { ids, meta, signal }: GetManyParams<R> & QueryFunctionContext) => {
      const declaration = declarationOf(resource);
      const path = collectionPath(declaration, meta);
      const chunks = await Promise.all(
        chunk(ids, IDS_BATCH_SIZE).map(async (idsChunk) => {
          try {
            return readListArray<R>((await send({ path, query: { ids: idsChunk }, signal })).json, declaration.list.listKey, `${resource} (${path})`);
          } catch (error) {
            if (isStatus(error, 404)) return [];
            throw error;
          }
        }),
      );
      return { data: chunks.flat().map((record) => withId<R>(declaration, record)) };
    },

    // The form's fields shaped like an update's (nested paths, writeAs, parsing, no read-only
    // fields). The API may answer only `{ id }` (POST pharmacies -> id): merged over what was sent.
    create: async <_R extends Omit<RaRecord, 'id'>, Result extends RaRecord>(resource: string, { data, meta }: CreateParams) => {
      const declaration = declarationOf(resource);
      const { json } = await send<Record<string, unknown> | undefined>({
        method: 'POST',
        path: collectionPath(declaration, meta),
        body: writePayload(declaration, data, { send: 'form' }),
      });
      return { data: withId<Result>(declaration, { ...data, ...asObject(json) }) };
    },

    // No silent overwrite: when the record the form opened carries a version (updatedAt), the
    // record is read again first and a save over someone else's change is refused with what the
    // record is now (RecordConflictError), so the form can show both and let the user choose.
    // The race between that read and the write is checked by the services where the environment
    // has it (an addition): If-Match with the ETag the read answered (`etagWrite`, every write
    // told apart), else If-Unmodified-Since (`conditionalWrite`, whole seconds); either is a 412.
    update: async <R extends RaRecord>(resource: string, { id, data, previousData, meta }: UpdateParams) => {
      const declaration = declarationOf(resource);
      const { method, send: sendMode } = declaration.update ?? { method: 'PUT', send: 'form' };
      const path = recordPath(collectionPath(declaration, meta), id);
      // The version the form was built from (its own copy of updatedAt): the cached record may
      // have been refetched under the form since, and a newer base would hide the other save.
      const base = versionOf(data) ?? versionOf(previousData);
      // Someone deleted the record since the form opened: said so (not a bare 見つかりません。),
      // and the form keeps what was typed, as after any refused save.
      const deletedMeanwhile = (error: unknown) => (isStatus(error, 404) ? createHttpError(404, { errors: [RECORD_DELETED_MESSAGE] }) : error);
      const readNow = async () => {
        try {
          return await readRecord<Record<string, unknown>>(declaration, meta, id);
        } catch (error) {
          throw deletedMeanwhile(error);
        }
      };
      const conflict = async () => new RecordConflictError(withId<RaRecord>(declaration, (await readNow()).json), previousData ?? {}, data);
      let etag: string | null = null;
      if (base !== undefined) {
        const read = await readNow();
        if (versionOf(read.json) !== base) throw await conflict();
        etag = read.headers.get('etag');
      }
      const precondition =
        base === undefined ? undefined
        : etag !== null && capabilities.has('etagWrite') ? { 'If-Match': etag }
        : capabilities.has('conditionalWrite') ? unmodifiedSinceHeader(base)
        : undefined;
      let json: Record<string, unknown> | undefined;
      try {
        ({ json } = await send<Record<string, unknown> | undefined>({
          method,
          path,
          headers: precondition,
          body: writePayload(declaration, data, { send: sendMode, previousData }),
        }));
      } catch (error) {
        if (isStatus(error, 412)) throw await conflict();
        throw deletedMeanwhile(error);
      }
      return { data: { ...withId<R>(declaration, { ...previousData, ...data, ...asObject(json) }), id } as R };
    },

    delete: async <R extends RaRecord>(resource: string, { id, previousData, meta }: DeleteParams<R>) => {
      await send({ method: 'DELETE', path: recordPath(collectionPath(declarationOf(resource), meta), id) });
      return { data: previousData ?? ({ id } as R) };
    },

    // One request per record, one after another: the API has no bulk endpoints and a stop on the
    // first failure leaves a clear state.
    updateMany: async (resource, { ids, data, meta }) => {
      for (const id of ids) await dataProvider.update(resource, { id, data, previousData: { id }, meta });
      return { data: ids };
    },

    deleteMany: async (resource, { ids, meta }) => {
      for (const id of ids) await dataProvider.delete(resource, { id, meta });
      return { data: ids as Identifier[] };
    },
  };
  return dataProvider;
};

export { createApiClient } from './apiClient';
export type { CsPortalMethods } from './methods/portalMethods';
export type { ApiClient, ApiClientOptions, ApiRequest, ApiResponse, HttpMethod, SendRequest } from './apiClient';
export type { ApiErrorBody, ApiHttpError } from './httpError';
export type { PasswordChange, RestoreResult, Me } from './methods/account';
export type { PresignedUpload } from './methods/uploads';
export type { MembershipMethod, MembershipMethodName } from './methods/memberships';
export type { CreatedUser, NewUser, Permission, PharmacyUser, PharmacyUsersPage } from './methods/users';
export { ListContractError } from './paging';
export { formatSort, type ListMeta } from './listCall';
export type { GetListsParams, GetListsResult, ListLookup, ListLookupMethods } from './listLookups';
export { RecordConflictError, isRecordConflict, RECORD_CONFLICT_MESSAGE } from './recordConflict';
export { MissingPathParamError } from './endpoint';

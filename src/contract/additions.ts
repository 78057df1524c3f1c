/**
 * What the reference API offers beyond spec section 7, in one list (issue 35). The platform's own
 * services implement section 7 and nothing else, so each addition is optional: a deployment's
 * `/config.json` names the ones its services have (`capabilities`, per environment), the SPA uses
 * an addition only when its environment names it, and `without` says what it does instead. A
 * deployment that names none gets the section 7 portal. The reference API serves every addition
 * by default and none with `API_PROFILE=spec` (server/shared/apiProfile.ts), and its OpenAPI
 * marks each with `x-beyond-spec` (the capability's name).
 */

/** The additions, by the name `/config.json` gives them. */
export const CAPABILITIES = [
  'lookups',
  'savedReplies',
  'relevanceSort',
  'listFields',
  'phoneSearch',
  'codeSearch',
  'conditionalWrite',
  'etagWrite',
  'unreadTotal',
  'masterFileDelete',
  'masterJobs',
  'recordDetails',
  'companyNameSort',
  'membershipFilters',
  'listSort',
  'listSearch',
  'manualCategoryWrites',
  'announcements',
  'versions',
  'companyDelete',
] as const;

export type Capability = (typeof CAPABILITIES)[number];

export const isCapability = (value: unknown): value is Capability => (CAPABILITIES as readonly unknown[]).includes(value);

export interface Addition {
  /** What it is, as a call, a parameter, a header or an answer's field. */
  what: string;
  /** What the SPA does on a platform without it. */
  without: string;
  /** The calls it adds, as the SPA addresses them (`METHOD /api/v2/{module}/...`, `{param}` for a path segment). */
  operations?: readonly string[];
  /** The `sort` keys it adds to lists the spec has, by the list's path (the spec profile refuses them, 422). */
  sortKeys?: readonly { list: string; key: string }[];
  /** The query parameters it adds to calls of section 7, by the call (`GET /api/v2/...`) as the SPA addresses it (the spec profile refuses them, 422). */
  parameters?: Readonly<Record<string, readonly string[]>>;
  /** The fields it adds to the cable's broadcasts (the spec profile sends them without). */
  cableFields?: readonly string[];
}

/** The lists with a page of their own in the SPA that section 7 gives neither `sort` nor `query`. */
const UNSORTED_LISTS = [
  'GET /api/v2/core/admin/licenses/expires',
  'GET /api/v2/core/admin/pharmacies/{id}/users',
  'GET /api/v2/core/admin/manuals',
  'GET /api/v2/core/master/ethical_medicines',
  'GET /api/v2/medorder/master/stockable_items',
  'GET /api/v2/medorder/admin/stockable_item_fixtures',
  'GET /api/v2/medorder/admin/orderable_item_fixtures',
  'GET /api/v2/medorder/admin/stockable_item_import_requests',
  'GET /api/v2/medorder/admin/unknown_sdcvan_delivery_d_records',
  'GET /api/v2/medorder/admin/iryohokens',
  'GET /api/v2/medorder/admin/medis_bases',
  'GET /api/v2/medorder/admin/medis_gs1s',
  'GET /api/v2/medorder/admin/medis_options',
] as const;

/** Of those, the ones section 7 gives no `query` either. */
const UNSEARCHED_LISTS = [
  'GET /api/v2/core/admin/licenses/expires',
  'GET /api/v2/core/admin/pharmacies/{id}/users',
  'GET /api/v2/medorder/admin/stockable_item_fixtures',
  'GET /api/v2/medorder/admin/orderable_item_fixtures',
  'GET /api/v2/medorder/admin/stockable_item_import_requests',
  'GET /api/v2/medorder/admin/unknown_sdcvan_delivery_d_records',
] as const;

const each = (operations: readonly string[], names: readonly string[]) => Object.fromEntries(operations.map((operation) => [operation, names]));

export const ADDITIONS: Record<Capability, Addition> = {
  lookups: {
    what: 'POST /api/v2/core/common/lookups: up to 16 list calls in one request (the jump palette).',
    operations: ['POST /api/v2/core/common/lookups'],
    without: 'The palette asks the same lists one call each (at most 4 in flight, those that took longest last time first, the newest text wins and aborts the older): the same results for the same data.',
  },
  savedReplies: {
    what: '/api/v2/core/admin/saved_replies (list, detail, create, update, delete): 定型文.',
    operations: [
      'GET /api/v2/core/admin/saved_replies',
      'POST /api/v2/core/admin/saved_replies',
      'GET /api/v2/core/admin/saved_replies/{id}',
      'PUT /api/v2/core/admin/saved_replies/{id}',
      'DELETE /api/v2/core/admin/saved_replies/{id}',
    ],
    without: 'No 定型文 menu entry, screen, palette group, 定型文を挿入 button or 「/」 hint in the send dialog.',
  },
  relevanceSort: {
    what: '`sort=relevance` on a searchable list: the best name matches of all first.',
    without: "The palette asks the list's default order (updated_at descending) and re-ranks the page it gets.",
  },
  listFields: {
    what: '`fields` on the lists the spec gives none (it gives it to pharmacies, users, companies and groups).',
    without: 'Those lists are asked whole: the palette reads the fields it shows from full rows.',
  },
  phoneSearch: {
    what: "`query` on pharmacies also matches the phone and fax numbers, with or without hyphens.",
    without: 'The palette does not look a phone number up (the list search would not find it).',
  },
  codeSearch: {
    what: '`query` on pharmacies also matches, exactly, an invoice registration number (T and 13 digits) or the number of a licence the pharmacy holds (14薬第91565号); `receipt_code` on the stockable item fixtures.',
    without: "The palette does not look an invoice or licence number up (the list search would not find it), nor a receipt code in the stockable item fixtures (its 取り込み差分 page is still offered, and that page shows the fixture of the code's YJ code).",
    parameters: { 'GET /api/v2/medorder/admin/stockable_item_fixtures': ['receipt_code'] },
  },
  conditionalWrite: {
    what: '`If-Unmodified-Since` on updates and deletes: 412 when the record changed since.',
    without: 'The header is not sent; the SPA still reads the record before writing and stops on a newer version (the conflict dialog).',
  },
  etagWrite: {
    what: 'An `ETag` (the record\'s version, raised by every write) on detail GETs and write answers, and `If-Match` on updates and deletes: 412 when the record changed since, even within the same second.',
    without: 'If-Match is not sent; where the environment has conditionalWrite the SPA sends If-Unmodified-Since (whole seconds: a save within the second of another is not caught), else it relies on reading the record before writing.',
  },
  unreadTotal: {
    what: "The `x-unread-total` header on GET /api/v2/admin/inquiry_rooms, and the `unread_total` field of the rooms channel's updates: the staff user's unread messages in all rooms.",
    cableFields: ['unread_total'],
    without: "The shell reads no rooms list for the count: the tab title and the sidebar badge show what the cable's room updates tell; the inquiry screen shows the sum over the rooms it loaded until then.",
  },
  masterFileDelete: {
    what: 'DELETE /api/v2/core/admin/master_files/{id}: takes a downloaded master file out of the imports.',
    operations: ['DELETE /api/v2/core/admin/master_files/{id}'],
    without: 'No 削除 on a downloaded master file.',
  },
  masterJobs: {
    what: "GET /api/v2/core/master/ethical_medicines/jobs: each master's last download and import job.",
    operations: ['GET /api/v2/core/master/ethical_medicines/jobs'],
    without: 'The import screen shows no last-job status; its download and import buttons work as the spec says.',
  },
  recordDetails: {
    what: 'GET {list}/{id} on the lists section 7 gives no detail call: the item fixtures and the master files (the ordering service).',
    without: "The record is read as its row of the list's batch fetch by ids (section 7's `ids`), the same fields.",
    operations: [
      'GET /api/v2/medorder/admin/stockable_item_fixtures/{id}',
      'GET /api/v2/medorder/admin/orderable_item_fixtures/{id}',
      'GET /api/v2/medorder/admin/medis_bases/{id}',
      'GET /api/v2/medorder/admin/medis_gs1s/{id}',
      'GET /api/v2/medorder/admin/medis_options/{id}',
      'GET /api/v2/medorder/admin/iryohokens/{id}',
    ],
  },
  companyNameSort: {
    what: "`sort=company_name` on pharmacies: the 会社 column by the company's name.",
    without: 'The 会社 column is not sortable (its id would sort it in an order the names do not show).',
    sortKeys: [{ list: '/api/v2/core/admin/pharmacies', key: 'company_name' }],
  },
  membershipFilters: {
    what: 'The membership filters of the lists: `without_company`, `company_id`, `without_group_id`, `group_id` on pharmacies, `without_pharmacy_id` and `role` on users, `without_pharmacy_id` on groups.',
    without: "The membership tabs' search asks the list's own search and leaves out, in the page it gets, the records that cannot join (a pharmacy with a company, a member of the group, a group the pharmacy is in, a user who is not a pharmacy user or already the pharmacy's).",
    parameters: {
      'GET /api/v2/core/admin/pharmacies': ['without_company', 'company_id', 'without_group_id', 'group_id'],
      'GET /api/v2/core/admin/users': ['without_pharmacy_id', 'role'],
      'GET /api/v2/core/admin/groups': ['without_pharmacy_id'],
    },
  },
  listSort: {
    what: '`sort` on the lists section 7 gives none (licence expiry, a pharmacy\'s users, manuals, ethical medicines, the ordering masters and their files).',
    without: "Those lists show the service's own order: their columns do not sort and no `sort` is sent.",
    parameters: each(UNSORTED_LISTS, ['sort']),
  },
  listSearch: {
    what: '`query` on the lists section 7 gives none (licence expiry, a pharmacy\'s users, the item fixtures, import requests, unknown deliveries).',
    without: 'Those lists have no search box and the palette does not search them by name; their codes are still looked up by the filters section 7 gives (yj_code, gs1_code, jan_code, hot_code).',
    parameters: each(UNSEARCHED_LISTS, ['query']),
  },
  manualCategoryWrites: {
    what: "POST /api/v2/core/admin/manual_categories (and PATCH and DELETE of its `/{id}`): organising the manuals' category tree.",
    without: 'The category tree is read only: no カテゴリを追加 or サブカテゴリを追加, 名前を変更, 移動 or 削除 on the manual list.',
    operations: ['POST /api/v2/core/admin/manual_categories', 'PATCH /api/v2/core/admin/manual_categories/{id}', 'DELETE /api/v2/core/admin/manual_categories/{id}'],
  },
  announcements: {
    what: '/api/v2/core/admin/announcements (list, detail, create, update, delete): お知らせ for pharmacies, a plain master (src/contract/masters/announcements.ts).',
    operations: [
      'GET /api/v2/core/admin/announcements',
      'POST /api/v2/core/admin/announcements',
      'GET /api/v2/core/admin/announcements/{id}',
      'PUT /api/v2/core/admin/announcements/{id}',
      'DELETE /api/v2/core/admin/announcements/{id}',
    ],
    without: 'No お知らせ menu entry, screen or palette group.',
  },
  versions: {
    what: "/api/v2/core/admin/versions and /api/v2/medorder/admin/versions (Rails PaperTrail's versions, each service its own): every master's changes, who made them and when, with `object_changes`, and the reify of a deleted record.",
    operations: [
      'GET /api/v2/core/admin/versions',
      'GET /api/v2/core/admin/versions/{id}',
      'POST /api/v2/core/admin/versions/{id}/reify',
      'GET /api/v2/medorder/admin/versions',
      'GET /api/v2/medorder/admin/versions/{id}',
      'POST /api/v2/medorder/admin/versions/{id}/reify',
    ],
    without: 'No 変更履歴 tab on a detail page, no 最近の変更 screen or home panel, no 削除済み list or 復元: the portal shows the last save (更新日時, 更新者) as section 7 gives it.',
  },
  companyDelete: {
    what: 'DELETE /api/v2/core/admin/companies/{id}: deletes a company that has no pharmacies (one that has any is a 422 naming how many); with `versions` it can be restored with its id.',
    operations: ['DELETE /api/v2/core/admin/companies/{id}'],
    without: 'No 削除 on a company\'s detail page: a company stays once registered, as section 7 has it.',
  },
};

/**
 * Calls the SPA never makes, which the reference API serves for its own tools (the pharmacy
 * simulator, `npm run simulate:pharmacy`, and the tests that play a pharmacy): the pharmacy side
 * of inquiries and the ordering service's import requests, and the services' pings. No
 * capability names them; the spec profile answers them 404 as the platform's admin API would.
 */
export const REFERENCE_ONLY_OPERATIONS: readonly string[] = [
  'GET /api/v2/core/pharmacy/inquiry_rooms',
  'POST /api/v2/core/pharmacy/inquiry_rooms',
  'GET /api/v2/core/pharmacy/inquiry_rooms/{id}/messages',
  'POST /api/v2/core/pharmacy/inquiry_rooms/{id}/messages',
  'GET /api/v2/core/pharmacy/inquiry_messages/file_presigned_url',
  'POST /api/v2/medorder/pharmacy/stockable_item_import_requests',
  'GET /api/v2/medorder/admin/ping',
  'GET /api/v1/ping',
];

/**
 * Parameters of section 7's calls that the reference API takes for its own tools and tests, which
 * the SPA never sends: no capability names them; the spec profile refuses them (422) as the
 * platform would.
 */
export const REFERENCE_ONLY_PARAMETERS: Readonly<Record<string, readonly string[]>> = {
  'GET /api/v2/core/master/dealers': ['prefecture_id'],
  'GET /api/v2/core/admin/pharmacies/{id}/s3_nsipses': ['max_keys'],
  'GET /api/v2/medorder/admin/orderable_item_fixtures': ['stockable_item_fixture_id'],
  'GET /api/v2/medorder/admin/unknown_sdcvan_delivery_d_records': ['ignored'],
};

/** Every addition: what the reference API serves by default, and what tests of it assume. */
export const ALL_CAPABILITIES: ReadonlySet<Capability> = new Set(CAPABILITIES);

/** The additions an environment says its services have; anything unknown is ignored, nothing said is none. */
export const capabilitiesOf = (environment: { capabilities?: unknown }): ReadonlySet<Capability> =>
  new Set(Array.isArray(environment.capabilities) ? environment.capabilities.filter(isCapability) : []);

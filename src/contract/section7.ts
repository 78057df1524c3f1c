/**
 * Spec section 7's calls, the platform's whole API, in one list (issue 35): each operation as the
 * SPA addresses it (`METHOD /api/v2/{module}/...`, `/api/v1/...`; `{param}` for a path segment),
 * with the query parameters section 7 gives it by their wire names (v2 speaks snake_case:
 * `includeInactive` is `include_inactive`; legacy v1 camelCase). Everything else is an addition
 * (./additions.ts) or the reference API's own.
 *
 * The one source of "what the platform has": the spec profile answers anything else 404 (an
 * unknown call) or 422 (an unknown parameter) (server/shared/apiProfile.ts), the SPA asks a list
 * for a parameter only when the list takes it here or the environment has the addition that adds
 * it (src/dataProvider/listParameters.ts), the E2E project `spec` checks every request the page
 * sends against it, and the OpenAPI test checks the document's `x-beyond-spec` marks against it.
 */

import { ADDITIONS, REFERENCE_ONLY_OPERATIONS } from './additions';

/** Every paged list of section 7: the page number, and the batch fetch by ids (section 7's opening). */
const LIST = ['page', 'ids'] as const;

export const SECTION_7: Readonly<Record<string, readonly string[]>> = {
  'GET /api/v2/core/common/users/me': [],
  'POST /api/v2/core/common/users/change_password': [],
  'POST /api/v2/core/common/users/restore': [],
  'GET /api/v2/core/admin/pharmacies': [...LIST, 'query', 'sort', 'fields', 'add_ended'],
  'POST /api/v2/core/admin/pharmacies': [],
  'GET /api/v2/core/admin/pharmacies/{id}': [],
  'PUT /api/v2/core/admin/pharmacies/{id}': [],
  'GET /api/v2/core/master/postal_codes/search': ['postal_code'],
  'GET /api/v2/core/admin/pharmacies/{id}/s3_nsipses': ['query', 'next_continuation_token'],
  'GET /api/v2/core/admin/pharmacies/{pharmacyId}/s3_nsipses/{filename}': [],
  'GET /api/v2/core/admin/pharmacies/{id}/licenses': [],
  'GET /api/v2/core/admin/pharmacies/{id}/licenses/presigned_url': [],
  'POST /api/v2/core/admin/pharmacies/{id}/licenses': [],
  'DELETE /api/v2/core/admin/pharmacies/{id}/licenses/{licenseId}': [],
  'GET /api/v2/core/admin/licenses/expires': [...LIST],
  'GET /api/v2/core/admin/pharmacies/{id}/users': [...LIST],
  'POST /api/v2/core/admin/pharmacies/{id}/users': [],
  'DELETE /api/v2/core/admin/pharmacies/{id}/users': [],
  'GET /api/v2/core/admin/users': [...LIST, 'query', 'sort', 'fields'],
  'POST /api/v2/core/admin/users': [],
  'GET /api/v2/core/admin/users/{id}': [],
  'GET /api/v2/core/admin/companies': [...LIST, 'query', 'sort', 'fields'],
  'POST /api/v2/core/admin/companies': [],
  'GET /api/v2/core/admin/companies/{id}': [],
  'PUT /api/v2/core/admin/companies/{id}': [],
  'PATCH /api/v2/core/admin/companies/{id}/pharmacies': [],
  'DELETE /api/v2/core/admin/companies/{id}/pharmacies': [],
  'GET /api/v2/core/admin/groups': [...LIST, 'query', 'fields', 'sort'],
  'POST /api/v2/core/admin/groups': [],
  'GET /api/v2/core/admin/groups/{id}': [],
  'PUT /api/v2/core/admin/groups/{id}': [],
  'POST /api/v2/core/admin/groups/{id}/pharmacy': [],
  'DELETE /api/v2/core/admin/groups/{id}/pharmacy': [],
  'GET /api/v2/core/master/dealers': [...LIST, 'query', 'sort'],
  'GET /api/v2/core/master/dealers/{id}': [],
  'GET /api/v2/core/admin/bigqueries/{serviceName}': ['column'],
  'POST /api/v2/core/admin/embulks/execute_copy': [],
  'GET /api/v2/core/admin/embulks': ['job_status'],
  'GET /api/v2/core/master/ethical_medicines': [...LIST, 'include_inactive', 'query'],
  'GET /api/v2/core/master/ethical_medicines/{id}': [],
  // The three masters' downloads and imports (hot_code, medhot, iryohoken): one path each way.
  'POST /api/v2/core/master/ethical_medicines/downloads/{kind}': [],
  'POST /api/v2/core/master/ethical_medicines/imports/{kind}': [],
  // Section 7 writes the rooms' list `/api/v2/admin/inquiry_rooms` as the core service sees it.
  'GET /api/v2/core/admin/inquiry_rooms': [...LIST, 'room_id', 'pharmacy_id', 'status'],
  'GET /api/v2/core/admin/inquiry_rooms/{id}/messages': [...LIST],
  'GET /api/v2/core/admin/inquiry_messages/file_presigned_url': [],
  'POST /api/v2/core/admin/inquiry_rooms/{id}/messages': [],
  'PATCH /api/v2/core/admin/inquiry_messages/{id}': [],
  'DELETE /api/v2/core/admin/inquiry_messages/{id}': [],
  'PATCH /api/v2/core/admin/inquiry_rooms/{id}': [],
  'GET /api/v2/core/admin/manual_categories': [],
  'GET /api/v2/core/admin/manual_categories/{id}': [],
  'GET /api/v2/core/admin/manuals': [...LIST, 'manual_category', 'manual_category_id', 'query'],
  'POST /api/v2/core/admin/manuals': [],
  'GET /api/v2/core/admin/manuals/{id}': [],
  'PATCH /api/v2/core/admin/manuals/{id}': [],
  'DELETE /api/v2/core/admin/manuals/{id}': [],
  'GET /api/v2/core/admin/manual_files/presigned_url': [],
  'GET /api/v2/core/pharmacy/pharmacies/{id}': [],

  'GET /api/v2/medorder/admin/pharmacies/{id}/batch_config': [],
  'PUT /api/v2/medorder/admin/pharmacies/{id}/batch_config': [],
  // The masters and their rows "with filters and page": the filters are not named, so the reference API's are taken as them.
  'GET /api/v2/medorder/admin/iryohokens': [...LIST],
  'GET /api/v2/medorder/admin/medis_bases': [...LIST],
  'GET /api/v2/medorder/admin/medis_gs1s': [...LIST],
  'GET /api/v2/medorder/admin/medis_options': [...LIST],
  'GET /api/v2/medorder/admin/iryohoken_rows': [...LIST, 'hot_code', 'receipt_code', 'yj_code', 'iryohoken_id'],
  'GET /api/v2/medorder/admin/medis_base_rows': [...LIST, 'hot_code', 'receipt_code', 'yj_code', 'medis_base_id'],
  'GET /api/v2/medorder/admin/medis_gs1_rows': [...LIST, 'hot_code', 'receipt_code', 'yj_code', 'medis_gs1_id'],
  'GET /api/v2/medorder/admin/medis_option_rows': [...LIST, 'medis_option_id'],
  'GET /api/v2/medorder/admin/medhot_rows': [...LIST, 'hot_code', 'receipt_code', 'yj_code'],
  'GET /api/v2/medorder/admin/stockable_item_import_requests': [...LIST, 'state'],
  'PATCH /api/v2/medorder/admin/stockable_item_import_requests/{id}': [],
  'GET /api/v2/medorder/master/stockable_items': [...LIST, 'yj_codes', 'gs1_codes', 'jan_codes', 'query', 'pharmacy_id', 'exists_stock'],
  'GET /api/v2/medorder/admin/stockable_items/import': ['hot_code', 'receipt_code', 'stockable_item_fixture_id'],
  'POST /api/v2/medorder/admin/stockable_items/import': [],
  'GET /api/v2/medorder/admin/orderable_items/import': ['orderable_item_fixture_id'],
  'POST /api/v2/medorder/admin/orderable_items/import': [],
  'GET /api/v2/medorder/admin/stockable_item_fixtures': [...LIST, 'yj_code'],
  'POST /api/v2/medorder/admin/stockable_item_fixtures': [],
  'PATCH /api/v2/medorder/admin/stockable_item_fixtures/{id}': [],
  'GET /api/v2/medorder/admin/orderable_item_fixtures': [...LIST, 'gs1_code', 'jan_code', 'hot_code'],
  'POST /api/v2/medorder/admin/orderable_item_fixtures': [],
  'PATCH /api/v2/medorder/admin/orderable_item_fixtures/{id}': [],
  'GET /api/v2/medorder/admin/unknown_sdcvan_delivery_d_records': [...LIST],
  'PATCH /api/v2/medorder/admin/unknown_sdcvan_delivery_d_records/{id}': [],
  'GET /api/v2/medorder/pharmacy/pharmacies/{pharmacyId}/stocks/{itemId}/logs': [],
  'GET /api/v2/medorder/pharmacy/pharmacies/{pharmacyId}/stocks/{itemId}': [],
  'POST /api/v2/medorder/pharmacy/pharmacies/{pharmacyId}/stocks/{itemId}/logs': [],
  'GET /api/v2/medorder/master/stockable_items/{id}': [],

  'GET /api/v1/medorder/fifo-racks': ['pharmacyId', 'yjCode', 'pageToken'],
  'GET /api/v1/medorder/stocks': ['pharmacyId', 'yjCodes', 'pageToken'],
  'POST /api/v1/medorder/stocks/{yjCode}/fix': [],
};

/** `GET /api/v2/core/admin/pharmacies/{pharmacyId}/users` with every `{param}` as `{}`: the same call whatever its segments are named. */
export const operationShape = (operation: string) => operation.replace(/\{\w+\}/g, '{}');

const SHAPES = new Map(Object.entries(SECTION_7).map(([operation, parameters]) => [operationShape(operation), parameters]));

/** `GET /api/v2/core/admin/x/{id}` as a pattern of `METHOD path` with the path's segments filled. */
export const operationPattern = (operation: string): RegExp => {
  const [method, path] = operation.split(' ');
  const segments = path.split('/').map((segment) => (/^\{\w+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${method} ${segments.join('/')}$`);
};

/**
 * The calls of the additions and of the reference API's own tools: none is section 7's, though
 * a fixed segment of theirs fits one of its `{id}`s (`/ethical_medicines/jobs`).
 */
const BEYOND = [...Object.values(ADDITIONS).flatMap((addition) => addition.operations ?? []), ...REFERENCE_ONLY_OPERATIONS].map(operationPattern);

const PATTERNS = Object.keys(SECTION_7).map((operation) => ({ pattern: operationPattern(operation), parameters: SHAPES.get(operationShape(operation))! }));

/**
 * The query parameters section 7 gives a call, by its method and path: a template
 * (`/api/v2/core/admin/pharmacies/{pharmacyId}/users`) or a filled one
 * (`/api/v2/core/admin/pharmacies/12/users`); undefined when section 7 has no such call.
 */
export function section7Parameters(method: string, path: string): readonly string[] | undefined {
  const byShape = SHAPES.get(operationShape(`${method} ${path}`));
  if (byShape) return byShape;
  if (BEYOND.some((pattern) => pattern.test(`${method} ${path}`))) return undefined;
  return PATTERNS.find(({ pattern }) => pattern.test(`${method} ${path}`))?.parameters;
}

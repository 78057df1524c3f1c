import { INQUIRY_STATUSES } from './inquiryStatus';

/** Spec section 3's inquiry filter: a pharmacy and any of the statuses. */
export interface InquiryFilter {
  pharmacyId?: number;
  statuses: string[];
}

export const EMPTY_INQUIRY_FILTER: InquiryFilter = { statuses: [] };

const known = new Set<string>(INQUIRY_STATUSES.map((status) => status.value));

/** Known statuses once each, in the spec's order. */
const normalisedStatuses = (statuses: readonly string[]) => INQUIRY_STATUSES.map((s) => s.value).filter((value) => statuses.includes(value));

/** The list call's parameters: `status` comma-joined (spec section 5), nothing for an empty part. */
export const inquiryFilterQuery = (filter: InquiryFilter): { pharmacyId?: number; status?: string } => {
  const statuses = normalisedStatuses(filter.statuses);
  return {
    ...(filter.pharmacyId !== undefined && { pharmacyId: filter.pharmacyId }),
    ...(statuses.length > 0 && { status: statuses.join(',') }),
  };
};

/** How many filters are in force (the filter button's badge): the pharmacy and the statuses, one each. */
export const activeInquiryFilterCount = (filter: InquiryFilter): number =>
  (filter.pharmacyId !== undefined ? 1 : 0) + (normalisedStatuses(filter.statuses).length > 0 ? 1 : 0);

/** The filter of a `?pharmacyId=&status=a,b` search string (unknown statuses and bad ids dropped). */
export const parseInquiryFilter = (search: URLSearchParams): InquiryFilter => {
  const pharmacy = search.get('pharmacyId');
  const pharmacyId = pharmacy !== null && /^[1-9]\d{0,11}$/.test(pharmacy) ? Number(pharmacy) : undefined;
  const statuses = normalisedStatuses((search.get('status') ?? '').split(',').filter((s) => known.has(s)));
  return { ...(pharmacyId !== undefined && { pharmacyId }), statuses };
};

export const toggleStatus = (statuses: readonly string[], value: string): string[] =>
  statuses.includes(value) ? statuses.filter((s) => s !== value) : normalisedStatuses([...statuses, value]);

/** Whether a room (e.g. one received live) belongs in the list under this filter. */
export const matchesInquiryFilter = (room: { status: string; pharmacy: { id: number } }, filter: InquiryFilter): boolean =>
  (filter.pharmacyId === undefined || room.pharmacy.id === filter.pharmacyId) &&
  (filter.statuses.length === 0 || filter.statuses.includes(room.status));

import type { AccountMethods } from './account';
import type { InquiryMethods } from './inquiries';
import type { ManualMethods } from './manuals';
import type { MasterImportMethods } from './masterImports';
import type { MasterSourceMethods } from './masterSources';
import type { MembershipMethods } from './memberships';
import type { NsipsMethods } from './nsips';
import type { PharmacyMasterMethods } from './pharmacyMasters';
import type { StockMethods } from './stocks';
import type { UploadMethods } from './uploads';
import type { UserMethods } from './users';
import type { VersionMethods } from './versions';
import type { WarehouseMethods } from './warehouse';

/**
 * The data provider's named methods, all of them. Apart from ../index.ts, which builds them, so a
 * declaration's types (src/resources/types.ts) can name them without importing the provider.
 */
export type CsPortalMethods = MembershipMethods & AccountMethods & UploadMethods & PharmacyMasterMethods & InquiryMethods & ManualMethods & StockMethods & MasterImportMethods & MasterSourceMethods & UserMethods & WarehouseMethods & NsipsMethods & VersionMethods;

/**
 * The methods a list row's action may name (`{ kind: 'method', method }` in a declaration): those
 * that take one value, the row's id or a field of it, so a misspelt or two-argument method is a
 * compile error in the declaration rather than a click that fails.
 */
export type RowMethodName = {
  [K in keyof CsPortalMethods]: CsPortalMethods[K] extends (value: never) => Promise<unknown> ? K : never;
}[keyof CsPortalMethods];

/**
 * Reading the portal role from token claims (spec section 6). Roles sit in the custom claim
 * `${namespace}roles`; the identity provider's `admin` attribute (app_metadata, or user_metadata
 * for accounts set up by hand) also makes a user admin.
 */
export type Role = 'admin' | 'pharmacy';

const KNOWN_ROLES: readonly Role[] = ['admin', 'pharmacy'];

type Claims = Record<string, unknown>;

const metadata = (claims: Claims, namespace: string, name: string): Record<string, unknown> | undefined => {
  const value = claims[`${namespace}${name}`];
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
};

const isKnownRole = (value: unknown): value is Role => KNOWN_ROLES.includes(value as Role);

export const readRole = (claims: Claims, namespace: string): Role | undefined => {
  if (metadata(claims, namespace, 'app_metadata')?.admin === true) return 'admin';
  if (metadata(claims, namespace, 'user_metadata')?.admin === true) return 'admin';
  const roles = claims[`${namespace}roles`];
  const list: unknown[] = Array.isArray(roles) ? roles : [roles];
  return list.find(isKnownRole);
};

/** Pharmacies a user belongs to: `${namespace}app_metadata.pharmacy_ids`, as numbers. */
export const readPharmacyIds = (claims: Claims, namespace: string): number[] => {
  const ids = metadata(claims, namespace, 'app_metadata')?.pharmacy_ids;
  if (!Array.isArray(ids)) return [];
  return ids.map(Number).filter((id) => Number.isInteger(id));
};

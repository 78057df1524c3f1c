import type { ServiceContext } from '../../shared/context';
import type { IdentityManagement } from '../../shared/identityManagement';
import type { ListCaller } from '../../shared/listLookups';
import type { Warehouse } from '../../warehouse/warehouse';

/** The core service also talks to the identity provider (Auth0's Management API in production). */
export interface CoreServiceContext extends ServiceContext {
  identity: IdentityManagement;
  /** The data warehouse its copy jobs fill from core's and medorder's tables (BigQuery in production). */
  warehouse: Warehouse;
  /** Runs a list call of the lookups batch through the environment's routes (any service's list, as its caller). */
  lists: ListCaller;
}

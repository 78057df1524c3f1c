import type { ServiceContext } from '../../shared/context';
import type { IdentityManagement } from '../../shared/identityManagement';

/** The core service also talks to the identity provider (Auth0's Management API in production). */
export interface CoreServiceContext extends ServiceContext {
  identity: IdentityManagement;
}

import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AuthEnv } from '../../../shared/auth';
import type { ServiceContext } from '../../../shared/context';
import { registerVersionRoutes, versionListOf } from '../../../shared/versionRoutes';
import { MEDORDER_VERSIONED_MASTERS } from './masters';

/** The ordering service's versions (`/api/v2/medorder/admin/versions`), through the routes every service with versions shares. */
export const MEDORDER_VERSION_LIST = versionListOf('/medorder', MEDORDER_VERSIONED_MASTERS);

export function registerMedorderVersionRoutes(app: OpenAPIHono<AuthEnv>, ctx: ServiceContext): void {
  // The fixtures keep no updated_by: a restored one names no one but in its version.
  registerVersionRoutes(app, ctx, { list: MEDORDER_VERSION_LIST, masters: MEDORDER_VERSIONED_MASTERS, tags: ['medorder: versions (beyond spec)'], actorName: (principal) => principal.sub });
}

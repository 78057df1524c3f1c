import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AuthEnv } from '../../../shared/auth';
import type { ServiceContext } from '../../../shared/context';
import { registerVersionRoutes, versionListOf, type VersionService } from '../../../shared/versionRoutes';
import { actorName } from '../actor';
import { VERSIONED_MASTERS } from './masters';

/** Core's versions (`/api/v2/core/admin/versions`): its masters, through the routes every service with versions shares. */
export const CORE_VERSION_LIST = versionListOf('/core', VERSIONED_MASTERS);

export function registerCoreVersionRoutes(app: OpenAPIHono<AuthEnv>, ctx: ServiceContext): void {
  const service: VersionService = { list: CORE_VERSION_LIST, masters: VERSIONED_MASTERS, tags: ['core: versions (beyond spec)'], actorName: (principal) => actorName(ctx.db, principal) };
  registerVersionRoutes(app, ctx, service);
}

import { MEDORDER_VERSIONED_RESOURCES } from '../../contract/versions';

/** Core's versions (its masters') and the ordering service's (its fixtures'): each service keeps its own. */
export const CORE_VERSIONS = 'v2/core/versions';
export const MEDORDER_VERSIONS = 'v2/medorder/versions';

/** The list a master's versions are read from: its service's. */
export const versionsResourceOf = (itemType: string): string => (Object.hasOwn(MEDORDER_VERSIONED_RESOURCES, itemType) ? MEDORDER_VERSIONS : CORE_VERSIONS);

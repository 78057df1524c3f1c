import type { AnyResourceDeclaration } from './types';

/** A master's list screen as it names itself, and so as the sidebar and breadcrumbs name it. */
export const listTitleOf = (resource: Pick<AnyResourceDeclaration, 'label' | 'listTitle'>): string => resource.listTitle ?? `${resource.label}一覧`;

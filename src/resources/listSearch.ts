import type { AnyResourceDeclaration } from './types';

/** The list's free-text filter (`query`), when it has one: what the palette and a reference picker search with. */
export const searchFilterOf = (declaration: AnyResourceDeclaration): string | undefined =>
  declaration.list.filters?.find((filter) => filter.type === 'search')?.source;

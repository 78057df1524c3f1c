/**
 * Which category nodes of the tree are open (spec section 4: a node toggles open; its children
 * load on its first opening). A set of ids, changed only through these functions.
 */
export type OpenNodes = ReadonlySet<number>;

export const toggleNode = (open: OpenNodes, id: number): OpenNodes => {
  const next = new Set(open);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
};

/** Opens every ancestor of the category being shown, so it is visible in the tree; closes nothing. */
export const openPath = (open: OpenNodes, ancestorIds: readonly number[]): OpenNodes =>
  ancestorIds.every((id) => open.has(id)) ? open : new Set([...open, ...ancestorIds]);

/**
 * Which nodes have ever been opened: their children are loaded (once; the query cache keeps
 * them) and stay mounted, so closing and reopening asks the server nothing.
 */
export const loadedNodes = (loaded: OpenNodes, open: OpenNodes): OpenNodes =>
  [...open].every((id) => loaded.has(id)) ? loaded : new Set([...loaded, ...open]);

import { createContext, useContext } from 'react';
import type { DetailTabDeclaration } from '../../types';

/**
 * The tab being shown, for the built-in tab views (they take no props, like every lazy view).
 * Apart from tabViews.ts, which lazily imports those views: a view importing it back was a circle.
 */
export const ActiveTabContext = createContext<DetailTabDeclaration | undefined>(undefined);

export const useActiveTab = (): DetailTabDeclaration => {
  const tab = useContext(ActiveTabContext);
  if (!tab) throw new Error('ActiveTabContext is missing');
  return tab;
};

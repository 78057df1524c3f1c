import { createContext, useContext, type ReactNode } from 'react';
import type { AnyResourceDeclaration } from '../types';

/** A declared resource by name; undefined for a name the portal does not declare. */
export type FindDeclaration = (name: string) => AnyResourceDeclaration | undefined;

/**
 * The declarations reach the generic screens from where resources are mounted (src/App.tsx),
 * never by importing the registry: the registry imports every declaration, each declaration
 * imports its screens, and a screen that imported the registry back closed an import circle.
 */
const DeclarationsContext = createContext<FindDeclaration | undefined>(undefined);

export const DeclarationsProvider = ({ findDeclaration, children }: { findDeclaration: FindDeclaration; children: ReactNode }) => (
  <DeclarationsContext.Provider value={findDeclaration}>{children}</DeclarationsContext.Provider>
);

export const useFindDeclaration = (): FindDeclaration => {
  const findDeclaration = useContext(DeclarationsContext);
  if (!findDeclaration) throw new Error('no DeclarationsProvider above this screen');
  return findDeclaration;
};

import { createContext, useContext, type ReactNode } from 'react';
import type { AnyResourceDeclaration } from '../../types';

/** A declared resource by name; undefined for a name the portal does not declare. */
export type FindDeclaration = (name: string) => AnyResourceDeclaration | undefined;

interface Declarations {
  find: FindDeclaration;
  /** Every declaration, in the registry's order (the jump palette searches them all). */
  all: readonly AnyResourceDeclaration[];
}

/**
 * The declarations reach the generic screens from where resources are mounted (src/App.tsx),
 * never by importing the registry: the registry imports every declaration, each declaration
 * imports its screens, and a screen that imported the registry back closed an import circle.
 */
const DeclarationsContext = createContext<Declarations | undefined>(undefined);

export const DeclarationsProvider = ({
  findDeclaration,
  declarations = [],
  children,
}: {
  findDeclaration: FindDeclaration;
  declarations?: readonly AnyResourceDeclaration[];
  children: ReactNode;
}) => <DeclarationsContext.Provider value={{ find: findDeclaration, all: declarations }}>{children}</DeclarationsContext.Provider>;

const useDeclarationsContext = (): Declarations => {
  const declarations = useContext(DeclarationsContext);
  if (!declarations) throw new Error('no DeclarationsProvider above this screen');
  return declarations;
};

export const useFindDeclaration = (): FindDeclaration => useDeclarationsContext().find;

/** Every declared resource, in the registry's order. */
export const useAllDeclarations = (): readonly AnyResourceDeclaration[] => useDeclarationsContext().all;

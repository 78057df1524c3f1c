import { useResourceContext } from 'react-admin';
import type { AnyResourceDeclaration } from '../../types';
import { useFindDeclaration } from './DeclarationsContext';

/** The declaration of the named resource, or of the resource the current screen belongs to. */
export const useResourceDeclaration = (resource?: string): AnyResourceDeclaration => {
  const name = useResourceContext({ resource });
  const findDeclaration = useFindDeclaration();
  const declaration = name ? findDeclaration(name) : undefined;
  if (!declaration) throw new Error(`resource not declared: ${name}`);
  return declaration;
};

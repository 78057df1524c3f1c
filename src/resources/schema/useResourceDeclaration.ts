import { useResourceContext } from 'react-admin';
import { findResource } from '../registry';
import type { AnyResourceDeclaration } from '../types';

/** The declaration of the resource the current screen belongs to. */
export const useResourceDeclaration = (): AnyResourceDeclaration => {
  const name = useResourceContext();
  const resource = name ? findResource(name) : undefined;
  if (!resource) throw new Error(`resource not declared: ${name}`);
  return resource;
};

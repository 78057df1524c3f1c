import type { ResourceDeclaration } from './types';
import { companies } from './companies';
import { dealers } from './dealers';
import { pharmacies } from './pharmacies';

/** Every master the portal knows. Adding one is its declaration plus one line here. */
export const resources: ResourceDeclaration[] = [pharmacies, companies, dealers];

export const resourceNames = resources.map((resource) => resource.name);

export const findResource = (name: string): ResourceDeclaration | undefined =>
  resources.find((resource) => resource.name === name);

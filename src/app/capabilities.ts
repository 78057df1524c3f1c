import { useMemo } from 'react';
import { capabilitiesOf, type Capability } from '../contract/additions';
import { useRuntime } from './RuntimeContext';

/** The additions beyond spec section 7 the current environment's services have (`/config.json`). */
export const useCapabilities = (): ReadonlySet<Capability> => {
  const { environment } = useRuntime();
  return useMemo(() => capabilitiesOf(environment), [environment]);
};

/** Whether something that needs `required` (or nothing) is there in this environment. */
export const isAvailable = (capabilities: ReadonlySet<Capability>, required: Capability | undefined) => required === undefined || capabilities.has(required);

/** The masters an environment has: one that is an addition (`requires`) only where the environment names it. */
export const availableResources = <R extends { requires?: Capability }>(resources: readonly R[], capabilities: ReadonlySet<Capability>): R[] =>
  resources.filter((resource) => isAvailable(capabilities, resource.requires));

import { useMemo, type ReactNode } from 'react';
import { ListContextProvider, useListContext, type RaRecord } from 'react-admin';

/**
 * The list's page less the rows `keep` refuses: what a filter the environment's services lack
 * (an addition, src/contract/additions.ts) would have left out, done in the page the list got.
 * The count and the page links stay the server's.
 */
export const KeepInPage = ({ keep, children }: { keep: (row: RaRecord) => boolean; children: ReactNode }) => {
  const context = useListContext();
  const data = useMemo(() => context.data?.filter(keep), [context.data, keep]);
  return <ListContextProvider value={{ ...context, data } as typeof context}>{children}</ListContextProvider>;
};

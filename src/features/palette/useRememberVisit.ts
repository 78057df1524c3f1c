import { useEffect } from 'react';
import { useGetIdentity } from 'react-admin';
import { useRuntime } from '../../app/RuntimeContext';
import { browserStorage } from '../../lib/memoryStorage';
import { recentKey, rememberRecent } from './recentRecords';
import type { AnyResourceDeclaration } from '../../resources/types';
import { recentOf } from './paletteLookups';

/**
 * A detail page's visit joins the jump palette's recent records (per environment and user), so a
 * record reached through a list or a link is one Ctrl+K away as one found by the palette is.
 * Stored again only when what the palette shows of it changes (a renamed record).
 */
export const useRememberVisit = (declaration: AnyResourceDeclaration, record: Record<string, unknown> | undefined): void => {
  const { environment } = useRuntime();
  const { identity } = useGetIdentity();
  const entry = record ? recentOf(declaration, record) : undefined;
  const userId = identity?.id;
  const shown = entry && JSON.stringify(entry);
  useEffect(() => {
    // No one signed in (react-admin's stand-in identity has id ''): nobody to remember it for.
    if (shown === undefined || userId === undefined || userId === '') return;
    rememberRecent(browserStorage(), recentKey(environment.key, userId), JSON.parse(shown));
  }, [environment.key, userId, shown]);
};

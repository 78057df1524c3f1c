import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { SERVER_PAGE_SIZE } from '../../lib/constants';
import type { AnyResourceDeclaration } from '../../resources/types';
import { rankGroups, type PaletteGroup } from '../../lib/paletteRanking';
import { codePageGroup, hitsOf, moreOf, PALETTE_DEBOUNCE_MS, PER_GROUP, planLookups, screenGroup, type PaletteScreen } from './paletteLookups';

export interface PaletteResults {
  /** The text these results answer ('' before typing). */
  text: string;
  groups: PaletteGroup[];
  /** Lookups still to answer: typing paused not yet long enough, or a call out. */
  pending: boolean;
  /** Masters whose lookup failed (their groups are missing). */
  failed: string[];
}

const EMPTY: PaletteResults = { text: '', groups: [], pending: false, failed: [] };

/**
 * The palette's lookups for a typed text: debounced, one list call at a time (the next starts
 * when the last answered; a newer text aborts the call out and drops the rest), results ranked
 * as each master answers. Answers are kept while the palette is open (`reset` on each opening),
 * so going back to an earlier text (a deleted character) asks nothing.
 */
export const usePaletteSearch = (declarations: readonly AnyResourceDeclaration[], screens: readonly PaletteScreen[]) => {
  const dataProvider = useDataProvider();
  const [results, setResults] = useState<PaletteResults>(EMPTY);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<AbortController | undefined>(undefined);
  const answered = useRef(new Map<string, PaletteGroup[]>());

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    inFlight.current?.abort();
    inFlight.current = undefined;
  }, []);

  useEffect(() => cancel, [cancel]);

  /** Runs the lookups of `text` now. */
  const run = useCallback(
    async (text: string) => {
      cancel();
      const fixed = [screenGroup(screens, text), codePageGroup(text)];
      const known = answered.current.get(text);
      if (known || text.trim() === '') {
        setResults({ text, groups: rankGroups(text, [...fixed, ...(known ?? [])], PER_GROUP), pending: false, failed: [] });
        return;
      }
      const controller = new AbortController();
      inFlight.current = controller;
      const found: PaletteGroup[] = [];
      const failed: string[] = [];
      setResults({ text, groups: rankGroups(text, fixed, PER_GROUP), pending: true, failed });
      for (const lookup of planLookups(declarations, text)) {
        const declaration = declarations.find((candidate) => candidate.name === lookup.resource)!;
        try {
          // No sort: the server's own order (a manual search ranks title matches first).
          const { data, total } = await dataProvider.getList(lookup.resource, {
            filter: lookup.filter,
            pagination: { page: 1, perPage: SERVER_PAGE_SIZE },
            signal: controller.signal,
          } as Parameters<typeof dataProvider.getList>[1]);
          const hits = hitsOf(declaration, lookup, data);
          const more = moreOf(declaration, lookup, text, total, hits.length);
          found.push({ resource: lookup.resource, label: lookup.label, priority: lookup.priority, hits, more });
        } catch (error) {
          if (controller.signal.aborted) return;
          // Spec section 8: a 404 on a fetch by ids is an empty result (no record has that id).
          const notFound = lookup.filter.ids !== undefined && (error as { status?: unknown } | null)?.status === 404;
          if (!notFound && !failed.includes(lookup.label)) failed.push(lookup.label);
        }
        if (controller.signal.aborted) return;
        setResults({ text, groups: rankGroups(text, [...fixed, ...found], PER_GROUP), pending: true, failed: [...failed] });
      }
      if (controller.signal.aborted) return;
      inFlight.current = undefined;
      if (failed.length === 0) answered.current.set(text, found);
      setResults({ text, groups: rankGroups(text, [...fixed, ...found], PER_GROUP), pending: false, failed: [...failed] });
    },
    [cancel, dataProvider, declarations, screens],
  );

  /** After a pause in typing; an empty text clears the results at once. */
  const schedule = useCallback(
    (text: string) => {
      cancel();
      if (text.trim() === '') {
        setResults(EMPTY);
        return;
      }
      setResults((current) => ({ ...current, pending: true }));
      timer.current = setTimeout(() => void run(text), PALETTE_DEBOUNCE_MS);
    },
    [cancel, run],
  );

  /** A fresh start (each opening): nothing out, nothing remembered from the last time. */
  const reset = useCallback(() => {
    cancel();
    answered.current.clear();
    setResults(EMPTY);
  }, [cancel]);

  /** Nothing is sent while an IME composition is open: the pending pause is dropped too. */
  const hold = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  return { results, schedule, run, hold, cancel, reset };
};

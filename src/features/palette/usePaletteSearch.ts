import { useCallback, useEffect, useRef, useState } from 'react';
import type { GetListResult } from 'react-admin';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';
import { useCapabilities } from '../../app/capabilities';
import type { AnyResourceDeclaration } from '../../resources/types';
import { rankGroups, type PaletteGroup } from './paletteRanking';
import { codePageGroup, groupsOf, PALETTE_DEBOUNCE_MS, PER_GROUP, planLookups, screenGroup, type PaletteScreen } from './paletteLookups';

export interface PaletteResults {
  /** The text these results answer ('' before typing). */
  text: string;
  groups: PaletteGroup[];
  /** Lookups still to answer: typing paused not yet long enough, or the request out. */
  pending: boolean;
  /** Masters whose lookup failed (their groups are missing). */
  failed: string[];
}

const EMPTY: PaletteResults = { text: '', groups: [], pending: false, failed: [] };

/**
 * The palette's lookups for a typed text: debounced, then every master's list asked in one
 * request (`getLists`, the lookups batch); a newer text aborts the request out, so no more than
 * one is ever in flight. Each master's answer becomes its group; a master whose list failed is
 * named in `failed` while the others show. Answers are kept while the palette is open (`reset` on
 * each opening), so going back to an earlier text (a deleted character) asks nothing.
 */
export const usePaletteSearch = (declarations: readonly AnyResourceDeclaration[], screens: readonly PaletteScreen[]) => {
  const dataProvider = usePortalDataProvider();
  const capabilities = useCapabilities();
  const [results, setResults] = useState<PaletteResults>(EMPTY);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<AbortController | undefined>(undefined);
  const answered = useRef(new Map<string, PaletteGroup[]>());
  /** The text waiting for its pause or asked and not yet answered. */
  const asking = useRef<string | undefined>(undefined);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    inFlight.current?.abort();
    inFlight.current = undefined;
    asking.current = undefined;
  }, []);

  useEffect(() => cancel, [cancel]);

  /** Runs the lookups of `text` now: one request for all of them. */
  const run = useCallback(
    async (text: string) => {
      cancel();
      const fixed = [screenGroup(screens, text), codePageGroup(text)];
      const known = answered.current.get(text);
      const lookups = known || text.trim() === '' ? [] : planLookups(declarations, text, capabilities);
      if (lookups.length === 0) {
        setResults({ text, groups: rankGroups(text, [...fixed, ...(known ?? [])], PER_GROUP), pending: false, failed: [] });
        return;
      }
      const controller = new AbortController();
      inFlight.current = controller;
      asking.current = text;
      setResults({ text, groups: rankGroups(text, fixed, PER_GROUP), pending: true, failed: [] });
      let answers: readonly PromiseSettledResult<GetListResult>[];
      try {
        const answer = await dataProvider.getLists({ lists: lookups.map(({ resource, filter, fields, sort }) => ({ resource, filter, fields, sort })), signal: controller.signal });
        // react-admin's wrapper answers `{ data: {} }` when an auth error signed the user out.
        answers = Array.isArray(answer.data) ? answer.data : [];
      } catch (error) {
        if (controller.signal.aborted) return;
        answers = lookups.map(() => ({ status: 'rejected', reason: error }));
      }
      if (controller.signal.aborted) return;
      inFlight.current = undefined;
      asking.current = undefined;
      const { found, failed } = groupsOf(declarations, lookups, answers, text);
      if (failed.length === 0) answered.current.set(text, found);
      setResults({ text, groups: rankGroups(text, [...fixed, ...found], PER_GROUP), pending: false, failed });
    },
    [cancel, capabilities, dataProvider, declarations, screens],
  );

  /**
   * After a pause in typing, or at once for a finished text (`whole`, see isWholeText); an empty
   * text clears the results at once. The text already waiting or out is not asked again (a
   * second notice of the same commit would abort the answer on its way).
   */
  const schedule = useCallback(
    (text: string, whole = false) => {
      if (text.trim() !== '' && text === asking.current) return;
      cancel();
      if (text.trim() === '') {
        setResults(EMPTY);
        return;
      }
      if (whole) {
        void run(text);
        return;
      }
      asking.current = text;
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

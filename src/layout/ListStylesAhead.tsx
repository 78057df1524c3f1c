import { useEffect, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { whenIdle, whenRead } from '../app/lazyPage';

/**
 * The generated lists' styles, written into the page before the user opens a list: a list's
 * first visit from the sidebar (the warm click of issue 38) spent ~15-20 ms of its click and of
 * its rows' render on emotion serialising and inserting some 250 rules (the filters, the header,
 * the table head, the page links), and on the style recalculation they caused.
 *
 * From the home screen (whose idle prefetch loads the list's chunk already) this waits for the
 * page to be idle; from any other screen, for the first screen to have been read (no list bytes in
 * a first visit's first seconds). The sample (SchemaList.tsx `ListStylesSample`) is drawn out of
 * sight for a second and an idle turn, then removed: the styles stay. A list drawn first makes it a
 * no-op.
 */
const SAMPLE_SHOWN_MS = 1000;

export const ListStylesAhead = () => {
  const { pathname } = useLocation();
  const [sample, setSample] = useState<{ Sample: ComponentType; drawnAt: string } | null>(null);
  const [done, setDone] = useState(false);
  const [startedAt] = useState(pathname);
  useEffect(() => {
    let live = true;
    void (async () => {
      if (startedAt !== '/') await whenRead();
      await whenIdle();
      const { ListStylesSample } = await import('../resources/schema/list/SchemaList');
      if (live) setSample({ Sample: ListStylesSample, drawnAt: window.location.pathname });
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [startedAt]);
  useEffect(() => {
    if (!sample || done) return undefined;
    let live = true;
    // A second for what the sample asks to be answered (作成's access check), then an idle turn.
    void new Promise((resolve) => setTimeout(resolve, SAMPLE_SHOWN_MS))
      .then(whenIdle)
      .then(() => live && setDone(true));
    return () => {
      live = false;
    };
  }, [sample, done]);
  // Out of the page at the next idle turn, or at once when the user moves on.
  if (!sample || done || sample.drawnAt !== pathname) return null;
  return <sample.Sample />;
};

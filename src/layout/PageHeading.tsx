import { useEffect, useRef } from 'react';
import Typography from '@mui/material/Typography';
import { documentTitle } from './documentTitle';
import { KEYBOARD_MODALITY_SELECTOR, trackInputModality } from '../app/inputModality';
import { useInquiryUnreadTotal } from '../customRoutes/inquiries/InquiryLiveProvider';

trackInputModality();

/** react-admin's <Title> renders into the element with this id. */
export const TITLE_CONTAINER_ID = 'react-admin-title';

/**
 * Every screen's one h1: react-admin's <Title title=…> (which every List, Show, Edit and Create
 * renders, and custom screens render too) fills it, and the document title follows it as
 * 「<screen> | CS portal」, led by the unread inquiry messages on every screen:
 * 「(137) 薬局一覧 | CS portal」. Empty (and not shown) until a screen names itself.
 */
export const PageHeading = () => {
  const ref = useRef<HTMLHeadingElement>(null);
  const unread = useInquiryUnreadTotal();
  // The observer outlives renders: it reads the newest count.
  const unreadRef = useRef(unread);
  useEffect(() => {
    unreadRef.current = unread;
    const heading = ref.current;
    if (heading) document.title = documentTitle(heading.textContent ?? '', unread);
  }, [unread]);
  useEffect(() => {
    const heading = ref.current;
    if (!heading) return undefined;
    const sync = () => {
      document.title = documentTitle(heading.textContent ?? '', unreadRef.current);
    };
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(heading, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = documentTitle('');
    };
  }, []);
  return (
    <Typography
      ref={ref}
      id={TITLE_CONTAINER_ID}
      component="h1"
      variant="h5"
      tabIndex={-1}
      sx={{
        mt: 2,
        mb: 1,
        fontWeight: 700,
        overflowWrap: 'anywhere',
        // The focus ring hugs the text instead of spanning the page.
        width: 'fit-content',
        maxWidth: '100%',
        '&:empty': { display: 'none' },
        // Focused by script after every navigation (for screen readers): a ring only for keyboard users.
        '&:focus, &:focus-visible': { outline: 'none' },
        [`${KEYBOARD_MODALITY_SELECTOR} &:focus`]: { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    />
  );
};

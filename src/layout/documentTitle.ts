import { useEffect } from 'react';

/** The product name every document title ends with. */
export const APP_NAME = 'CS portal';

/**
 * 「薬局会社一覧 | CS portal」; the bare product name while no screen has named itself. A screen
 * that counts unread items in its name (「問い合わせ一覧（未読3件）」) puts the count first, as
 * mail and chat tabs do, so it shows in a narrow tab: 「(3) 問い合わせ一覧 | CS portal」.
 */
export const documentTitle = (screen: string): string => {
  const name = screen.replace(/\s+/g, ' ').trim();
  if (!name) return APP_NAME;
  const unread = /^(.*)（未読(\d+)件）$/.exec(name);
  return unread ? `(${unread[2]}) ${unread[1]} | ${APP_NAME}` : `${name} | ${APP_NAME}`;
};

/**
 * For screens outside the layout (login, 403), which have no <Title> target: sets the document
 * title while mounted.
 */
export const useDocumentTitle = (screen: string) => {
  useEffect(() => {
    document.title = documentTitle(screen);
  }, [screen]);
};

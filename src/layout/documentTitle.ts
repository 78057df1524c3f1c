import { useEffect } from 'react';

/** The product name every document title ends with. */
export const APP_NAME = 'CS portal';

/** 「薬局会社一覧 | CS portal」; the bare product name while no screen has named itself. */
export const documentTitle = (screen: string): string => {
  const name = screen.replace(/\s+/g, ' ').trim();
  return name ? `${name} | ${APP_NAME}` : APP_NAME;
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

import { useEffect } from 'react';

/** The product name every document title ends with. */
export const APP_NAME = 'CS portal';

const UNREAD_SUFFIX = /^(.*)（未読(\d+)件）$/;

/**
 * A name with its unread count, as the inquiry screen's heading and the sidebar entry's
 * accessible name say it: 「問い合わせ一覧（未読137件）」; the bare name when nothing is unread
 * or the count is not known.
 */
export const withUnread = (label: string, unread: number | undefined): string =>
  unread !== undefined && unread > 0 ? `${label}（未読${unread}件）` : label;

/**
 * 「薬局会社一覧 | CS portal」; the bare product name while no screen has named itself. The
 * signed-in user's unread inquiry messages come first, on every screen, as mail and chat tabs do,
 * so they show in a narrow tab: 「(137) 薬局一覧 | CS portal」. `unread` is the shell's count
 * (issue 40); without it a heading that counts its own (「問い合わせ一覧（未読3件）」) still does.
 */
export const documentTitle = (screen: string, unread?: number): string => {
  const name = screen.replace(/\s+/g, ' ').trim();
  const own = UNREAD_SUFFIX.exec(name);
  const bare = own ? own[1] : name;
  const count = unread ?? (own ? Number(own[2]) : 0);
  const title = bare ? `${bare} | ${APP_NAME}` : APP_NAME;
  return count > 0 ? `(${count}) ${title}` : title;
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

/** Spec sections 2 and 9: the next page loads within 3 viewport heights of the bottom. */
export const LOAD_AHEAD_VIEWPORTS = 3;

export const isNearBottom = ({ scrollTop, scrollHeight, clientHeight }: { scrollTop: number; scrollHeight: number; clientHeight: number }): boolean =>
  scrollHeight - scrollTop - clientHeight <= LOAD_AHEAD_VIEWPORTS * clientHeight;

/** How many page links a pagination bar shows at most (spec section 2). */
export const PAGE_LINKS = 10;

/**
 * The page numbers to link to: a window of at most `size` pages that contains the current page,
 * as centred as the ends allow.
 */
export const pageWindow = (page: number, totalPages: number, size = PAGE_LINKS): number[] => {
  if (totalPages < 1) return [];
  const current = Math.min(Math.max(1, page), totalPages);
  const start = Math.max(1, Math.min(current - Math.floor((size - 1) / 2), totalPages - size + 1));
  const end = Math.min(totalPages, start + size - 1);
  return Array.from({ length: end - start + 1 }, (_, index) => start + index);
};

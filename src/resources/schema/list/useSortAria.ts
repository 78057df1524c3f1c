import { useEffect, useRef } from 'react';
import { useListContext } from 'react-admin';

/**
 * Marks the sorted column's header with `aria-sort`, so a screen reader says how the list is
 * ordered. react-admin's DataTable spreads column props onto header and body cells alike (and
 * aria-sort is not allowed on a cell), so the attribute is set on the header element itself.
 */
export const useSortAria = <E extends HTMLElement>() => {
  const ref = useRef<E>(null);
  const { sort, data } = useListContext();
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    for (const header of root.querySelectorAll('thead th')) {
      const sorted = sort?.field && header.classList.contains(`column-${sort.field}`);
      if (sorted) header.setAttribute('aria-sort', sort.order === 'ASC' ? 'ascending' : 'descending');
      else header.removeAttribute('aria-sort');
    }
  }, [sort?.field, sort?.order, data]);
  return ref;
};

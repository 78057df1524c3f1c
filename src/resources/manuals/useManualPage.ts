import { useGetList } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { ManualRecord } from './ManualRows';
import { MANUALS } from './useManualCategories';

/** `?page=` of a manual list (the URL holds the list state, so Back undoes a page change). */
export const useUrlPage = () => {
  const [params, setParams] = useSearchParams();
  const page = /^[1-9]\d{0,5}$/.test(params.get('page') ?? '') ? Number(params.get('page')) : 1;
  const setPage = (next: number) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next === 1) copy.delete('page');
      else copy.set('page', String(next));
      return copy;
    });
  return { page, setPage };
};

/** One page of manuals (25, the server decides) for a filter, newest first unless a search ranks them. */
export const useManualPage = (filter: Record<string, unknown>, page: number, enabled = true) => {
  const result = useGetList<ManualRecord & { id: number }>(
    MANUALS,
    { pagination: { page, perPage: 25 }, sort: 'query' in filter ? undefined : { field: 'updatedAt', order: 'DESC' }, filter },
    { enabled },
  );
  const totalPages = Number((result.meta as { totalPages?: unknown } | undefined)?.totalPages ?? 0);
  return { ...result, totalPages };
};

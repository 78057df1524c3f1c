import { useQuery } from '@tanstack/react-query';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';

export const MANUALS = 'v2/core/manuals';

/** The root categories (cached: the tree and the list's folders share one call). */
export const useRootCategories = () => {
  const dataProvider = usePortalDataProvider();
  return useQuery({ queryKey: ['manualCategories', 'roots'], queryFn: () => dataProvider.getManualCategories() });
};

/** One category with its children and ancestors; `enabled` false until the node is first opened. */
export const useCategory = (id: number | undefined, enabled = true) => {
  const dataProvider = usePortalDataProvider();
  return useQuery({
    queryKey: ['manualCategories', id],
    queryFn: () => dataProvider.getManualCategory(id!),
    enabled: enabled && id !== undefined,
  });
};

/** `?categoryId=12` as a number; anything else is no category. */
export const parseCategoryId = (value: string | null): number | undefined => (value !== null && /^\d{1,12}$/.test(value) ? Number(value) : undefined);

export const manualPaths = {
  list: (categoryId?: number) => (categoryId === undefined ? `/${MANUALS}` : `/${MANUALS}?categoryId=${categoryId}`),
  search: (query: string) => `/${MANUALS}/search?query=${encodeURIComponent(query)}`,
  show: (id: number | string) => `/${MANUALS}/${encodeURIComponent(String(id))}`,
  edit: (id: number | string) => `/${MANUALS}/${encodeURIComponent(String(id))}/edit`,
  create: (categoryId?: number) => (categoryId === undefined ? `/${MANUALS}/new` : `/${MANUALS}/new?categoryId=${categoryId}`),
};

import { useQuery } from '@tanstack/react-query';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';
import type { ManualCategory } from '../../dataProvider/methods/manuals';

export interface CategoryChoice {
  id: number;
  /** 発注・在庫 / 在庫 / 棚卸し */
  name: string;
  path: string[];
}

/** Every category with its path, depth first in display order, for the form's category select. */
export const useAllCategories = () => {
  const dataProvider = usePortalDataProvider();
  return useQuery({
    queryKey: ['manualCategories', 'all'],
    queryFn: async () => {
      const choices: CategoryChoice[] = [];
      const walk = async (categories: ManualCategory[], path: string[]) => {
        for (const category of categories) {
          const own = [...path, category.name];
          choices.push({ id: category.id, name: own.join(' / '), path: own });
          if (category.hasChild) await walk((await dataProvider.getManualCategory(category.id)).children, own);
        }
      };
      await walk(await dataProvider.getManualCategories(), []);
      return choices;
    },
  });
};

/** The title's placeholder in category-path form: 「発注・在庫 / 在庫 / 棚卸し / タイトル」. */
export const titlePlaceholder = (path: readonly string[] | undefined): string =>
  [...(path && path.length > 0 ? path : ['カテゴリ', 'サブカテゴリ']), 'タイトル'].join(' / ');

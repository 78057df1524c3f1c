import { BooleanInput, DataTable, InfiniteList, InfinitePagination, List, useGetIdentity } from 'react-admin';
import { ImeSafeSearchInput } from '../../app/ImeSafeSearchInput';
import { useEffect, type ReactElement } from 'react';
import { useLocation } from 'react-router-dom';
import { rememberListSearch } from './listReturn';
import { useSortAria } from './useSortAria';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AnyResourceDeclaration, FilterDeclaration } from '../types';
import { SERVER_PAGE_SIZE } from '../../lib/constants';
import { useResourceDeclaration } from './useResourceDeclaration';
import { FieldValue } from './FieldValue';
import { isNumericField } from './fieldDisplay';
import { ListHeader } from './ListHeader';
import { CheckboxFilterInput } from './CheckboxFilterInput';
import { ListError } from './ListError';
import { LoadMore } from './LoadMore';
import { PageLinks } from './PageLinks';
import { RowActions } from './RowActions';

const filterInput = (filter: FilterDeclaration): ReactElement =>
  filter.type === 'search' ? (
    <ImeSafeSearchInput key={filter.source} source={filter.source} alwaysOn={filter.alwaysOn} placeholder={filter.label} />
  ) : filter.type === 'checkbox' ? (
    <CheckboxFilterInput key={filter.source} source={filter.source} label={filter.label} alwaysOn={filter.alwaysOn} />
  ) : (
    <BooleanInput key={filter.source} source={filter.source} label={filter.label} alwaysOn={filter.alwaysOn} />
  );

/** "Within 3 viewport heights of the bottom" (spec section 9) as an IntersectionObserver margin. */
const INFINITE_SCROLL_OPTIONS = { rootMargin: '0px 0px 300% 0px', threshold: 0 };

const dateLike = new Set(['date', 'datetime']);

/** The table of a declared list: columns with their types, badges, hidden-by-default columns, row actions. */
export const SchemaDataTable = ({ resource, storeKey }: { resource: AnyResourceDeclaration; storeKey: string }) => {
  const { list, fields } = resource;
  const actions = list.actions ?? [];
  const sortAria = useSortAria<HTMLDivElement>();
  return (
    <Box ref={sortAria}>
      <DataTable
        rowClick={false}
        bulkActionButtons={false}
        hiddenColumns={list.hiddenColumns}
        storeKey={storeKey}
        empty={<Typography sx={{ p: 2 }}>{list.empty ?? '結果が見つかりませんでした'}</Typography>}
        aria-label={`${resource.label}一覧`}
      >
        {list.columns.map((source) => {
          const field = fields[source];
          const numeric = isNumericField(field);
          return (
            <DataTable.Col
              key={source}
              source={source}
              disableSort={!field.sortable}
              align={numeric ? 'right' : 'left'}
              sx={dateLike.has(field.type) ? { whiteSpace: 'nowrap' } : undefined}
            >
              <FieldValue source={source} field={field} truncate badges={list.badges?.filter((badge) => badge.column === source)} />
            </DataTable.Col>
          );
        })}
        {actions.length > 0 && (
          <DataTable.Col label="操作" disableSort>
            <RowActions actions={actions} />
          </DataTable.Col>
        )}
      </DataTable>
    </Box>
  );
};

/** The list every declared master gets, paged the way its declaration says. */
const SchemaList = () => {
  const resource = useResourceDeclaration();
  const { identity } = useGetIdentity();
  // Hidden columns are remembered per user, not per browser.
  const storeKey = `${identity?.id ?? 'guest'}.${resource.name}.datatable`;
  const mode = resource.list.paging?.mode ?? 'pages';
  const { search } = useLocation();
  useEffect(() => rememberListSearch(resource.name, search), [resource.name, search]);
  const common = {
    title: `${resource.label}一覧`,
    sort: resource.list.defaultSort,
    // react-admin needs a number; the server decides the real page size and the page count.
    perPage: SERVER_PAGE_SIZE,
    filters: resource.list.filters?.map(filterInput),
    actions: <ListHeader resource={resource} storeKey={storeKey} />,
    empty: false as const,
    // The URL is the list's only state: opening it from the sidebar shows the spec's default sort,
    // and the browser's Back undoes a page change (no parameters restored from a store).
    storeKey: false as const,
    // The search box debounces (and waits for IME composition) itself.
    debounce: 0,
    error: <ListError />,
  };
  if (mode === 'infinite' || mode === 'token') {
    return (
      <InfiniteList {...common} pagination={mode === 'token' ? <LoadMore /> : <InfinitePagination options={INFINITE_SCROLL_OPTIONS} />}>
        <SchemaDataTable resource={resource} storeKey={storeKey} />
      </InfiniteList>
    );
  }
  return (
    <List {...common} pagination={mode === 'pages' ? <PageLinks /> : false}>
      <SchemaDataTable resource={resource} storeKey={storeKey} />
    </List>
  );
};

export default SchemaList;

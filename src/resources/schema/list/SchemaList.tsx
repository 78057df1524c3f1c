import { BooleanInput, DataTable, ListBase, ListToolbar, Loading, Offline, Title, useGetIdentity, useListContext } from 'react-admin';
import { ImeSafeSearchInput } from '../../../app/ImeSafeSearchInput';
import { useEffect, type ReactElement, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { rememberListSearch } from './listReturn';
import { useSortAria } from './useSortAria';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { AnyResourceDeclaration, FilterDeclaration } from '../../types';
import { SERVER_PAGE_SIZE } from '../../../lib/constants';
import { useResourceDeclaration } from '../shared/useResourceDeclaration';
import { FieldValue } from '../shared/FieldValue';
import { isNumericField } from '../shared/fieldDisplay';
import { ListHeader } from './ListHeader';
import { CheckboxFilterInput, YesNoFilterInput } from './CheckboxFilterInput';
import { ListError } from './ListError';
import { PageLinks } from './PageLinks';
import { listTitleOf } from '../../listTitle';
import { RowActions } from './RowActions';
import { OpeningRowsBody } from './OpeningRows';
import { SchemaColumn, schemaRowsBody } from './SchemaCells';
import { useCapabilities } from '../../../app/capabilities';
import { listTakes } from '../../../dataProvider/listParameters';

const filterInput = (filter: FilterDeclaration): ReactElement =>
  filter.type === 'search' ? (
    <ImeSafeSearchInput key={filter.source} source={filter.source} alwaysOn={filter.alwaysOn} placeholder={filter.label} />
  ) : filter.type === 'checkbox' ? (
    <CheckboxFilterInput key={filter.source} source={filter.source} label={filter.label} alwaysOn={filter.alwaysOn} />
  ) : filter.type === 'yesNo' ? (
    <YesNoFilterInput key={filter.source} source={filter.source} label={filter.label} alwaysOn={filter.alwaysOn} />
  ) : (
    // A switch that is off sends nothing (the API's default), like the checkbox.
    <BooleanInput key={filter.source} source={filter.source} label={filter.label} alwaysOn={filter.alwaysOn} parse={(on: boolean) => (on ? true : '')} />
  );

const dateLike = new Set(['date', 'datetime']);
/** The body of a list whose rows open nowhere on a click (no 詳細). */
const PlainRowsBody = schemaRowsBody();

/**
 * A wide table scrolls sideways in its own box; its first column (the row's identity) and its last
 * (the row's actions, or a list's own control such as 無視) stay in view at either edge. The
 * cells need a background of their own so what scrolls under them does not show through.
 */
const edgeCell = { position: 'sticky', zIndex: 1, backgroundColor: 'background.paper' } as const;
const FIRST_EDGE = {
  '& .RaDataTable-table th:first-of-type, & .RaDataTable-table td:first-of-type': {
    ...edgeCell,
    left: 0,
    boxShadow: 'inset -1px 0 0 rgba(0, 0, 0, 0.12)',
  },
} as const;
const LAST_EDGE = {
  '& .RaDataTable-table th:last-of-type, & .RaDataTable-table td:last-of-type': {
    ...edgeCell,
    right: 0,
    boxShadow: 'inset 1px 0 0 rgba(0, 0, 0, 0.12)',
  },
} as const;
const EDGES_END = {
  // Above the other header cells, which react-admin keeps sticky at the top on layer 2.
  '& .RaDataTable-table th:first-of-type, & .RaDataTable-table th:last-of-type': { zIndex: 3 },
  // A header stays on one line (short labels wrapped letter by letter at 1024 px); the table scrolls instead.
  '& .RaDataTable-headerCell': { whiteSpace: 'nowrap' },
  // A one-cell row (the empty notice) is not an edge.
  '& .RaDataTable-table td:only-child': { position: 'static', boxShadow: 'none' },
} as const;
const STICKY_EDGES = { ...FIRST_EDGE, ...LAST_EDGE, ...EDGES_END } as const;
const STICKY_FIRST = { ...FIRST_EDGE, ...EDGES_END } as const;

/**
 * The last column is pinned only where the screen leaves room beside it: on a phone the actions
 * (about 260 px for 薬局一覧's four) covered everything but the ID, so there they scroll with the row.
 */
const usePinnedEdges = () => (useMediaQuery<Theme>((theme) => theme.breakpoints.up('sm'), { noSsr: true }) ? STICKY_EDGES : STICKY_FIRST);

/** A screen's own content for some columns (a switch, a literal), in place of the field's display. */
export type ColumnCells = Partial<Record<string, ReactElement>>;

/** The table of a declared list: columns with their types, badges, hidden-by-default columns, row actions. */
export const SchemaDataTable = ({ resource, storeKey, cells }: { resource: AnyResourceDeclaration; storeKey: string; cells?: ColumnCells }) => {
  const { list, fields } = resource;
  const actions = list.actions ?? [];
  const sortAria = useSortAria<HTMLDivElement>();
  const pinned = usePinnedEdges();
  const capabilities = useCapabilities();
  // A list whose services take no `sort` (section 7 gives some none: listSort) shows their order.
  const sorts = listTakes(resource.api, 'sort', capabilities);
  return (
    <Box ref={sortAria}>
      <DataTable
        sx={pinned}
        // Not react-admin's rowClick: it opens react-admin's own route even from a link or a
        // selection drag inside the row. A row with 詳細 opens where 詳細 goes (OpeningRows).
        rowClick={false}
        body={actions.includes('show') ? OpeningRowsBody : PlainRowsBody}
        bulkActionButtons={false}
        hiddenColumns={list.hiddenColumns}
        storeKey={storeKey}
        empty={<Typography sx={{ p: 2 }}>{list.empty ?? '結果が見つかりませんでした'}</Typography>}
        aria-label={listTitleOf(resource)}
      >
        {list.columns.map((source) => {
          const field = fields[source];
          const numeric = isNumericField(field);
          return (
            <SchemaColumn
              key={source}
              source={source}
              disableSort={!sorts || (!field.sortable && !(field.sortAs && capabilities.has(field.sortAs.requires)))}
              align={numeric ? 'right' : 'left'}
              nowrap={dateLike.has(field.type)}
            >
              {cells?.[source] ?? <FieldValue source={source} field={field} truncate badges={list.badges?.filter((badge) => badge.column === source)} />}
            </SchemaColumn>
          );
        })}
        {actions.length > 0 && (
          <SchemaColumn label="操作" disableSort>
            <RowActions actions={actions} />
          </SchemaColumn>
        )}
      </DataTable>
    </Box>
  );
};

/**
 * What every generated list shares, whatever its paging: the declaration's title, sort, filters
 * and header, and the URL as the list's only state.
 */
export const useSchemaListProps = () => {
  const resource = useResourceDeclaration();
  const { identity } = useGetIdentity();
  // Hidden columns are remembered per user, not per browser.
  const storeKey = `${identity?.id ?? 'guest'}.${resource.name}.datatable`;
  const { search } = useLocation();
  const capabilities = useCapabilities();
  useEffect(() => rememberListSearch(resource.name, search), [resource.name, search]);
  const props = {
    title: listTitleOf(resource),
    sort: resource.list.defaultSort,
    // react-admin needs a number; the server decides the real page size and the page count.
    perPage: SERVER_PAGE_SIZE,
    // Only the filters the environment's services take (a search section 7 does not give is listSearch).
    filters: resource.list.filters?.filter((filter) => listTakes(resource.api, filter.source, capabilities)).map(filterInput),
    actions: <ListHeader resource={resource} storeKey={storeKey} />,
    empty: false as const,
    // The URL is the list's only state: opening it from the sidebar shows the spec's default sort,
    // and the browser's Back undoes a page change (no parameters restored from a store).
    storeKey: false as const,
    // The search box debounces (and waits for IME composition) itself.
    debounce: 0,
    error: <ListError />,
  };
  return { resource, storeKey, props };
};

/**
 * react-admin's ListView as the generated lists use it: the title, the filters and our header
 * above the table in a card, then the page links; the error or offline notice in the table's
 * place. react-admin's own ListView also imports its default actions (filter button, saved
 * queries, CSV export), its MUI table pagination and its empty page, which these lists never
 * show: about a sixth of a list visit's first-load bytes.
 */
const SchemaListView = ({
  title,
  filters,
  actions,
  error,
  pagination,
  children,
}: {
  title: string;
  filters?: ReactElement[];
  actions: ReactElement;
  error: ReactElement;
  pagination: ReactNode;
  children: ReactNode;
}) => {
  const { defaultTitle, error: failed, isPaused, isPending, isPlaceholderData, resource } = useListContext();
  const offline = isPaused && (isPending || isPlaceholderData);
  return (
    <Box className="list-page" sx={{ display: 'flex' }}>
      <Title title={title} defaultTitle={defaultTitle} preferenceKey={`${resource}.list.title`} />
      <Box sx={{ flex: '1 1 auto', minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <ListToolbar filters={filters} actions={actions} />
        <Card sx={{ position: 'relative', overflow: 'inherit', boxShadow: { xs: 'none', sm: 1 } }}>
          {offline ? <Offline /> : failed ? error : children}
        </Card>
        {pagination}
      </Box>
    </Box>
  );
};

/**
 * The list every declared master with page links (or no paging) gets. Infinite and token lists
 * are SchemaInfiniteList, a chunk of their own (src/resources/resourceViews.ts picks), so a
 * paged list's first visit does not carry react-admin's infinite-query machinery.
 */
const SchemaList = ({ cells, filters: ownFilters = [] }: { cells?: ColumnCells; filters?: ReactElement[] }) => {
  const { resource, storeKey, props } = useSchemaListProps();
  const { title, sort, perPage, actions, storeKey: listStoreKey, debounce, error } = props;
  // A list view of its own may add filters the declaration's kinds do not cover (a picker, days).
  const filters = [...(props.filters ?? []), ...ownFilters];
  const mode = resource.list.paging?.mode ?? 'pages';
  return (
    <ListBase sort={sort} perPage={perPage} storeKey={listStoreKey} debounce={debounce} authLoading={<Loading />}>
      <SchemaListView title={title} filters={filters} actions={actions} error={error} pagination={mode === 'pages' ? <PageLinks /> : null}>
        <SchemaDataTable resource={resource} storeKey={storeKey} cells={cells} />
      </SchemaListView>
    </ListBase>
  );
};

export default SchemaList;

import { BooleanInput, DataTable, ListBase, ListContextProvider, ListToolbar, Loading, Offline, ResourceContextProvider, Title, useGetIdentity, useList, useListContext } from 'react-admin';
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
import { PageLinkBar } from './PageLinkBar';
import { defineResource } from '../../defineResource';
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
  listStylesDrawn = true;
  return (
    <ListFrame
      title={<Title title={title} defaultTitle={defaultTitle} preferenceKey={`${resource}.list.title`} />}
      filters={filters}
      actions={actions}
      pagination={pagination}
    >
      {offline ? <Offline /> : failed ? error : children}
    </ListFrame>
  );
};

/** The list's frame around its table: the filters and the header, the card, the page links. */
const ListFrame = ({
  title,
  filters,
  actions,
  pagination,
  children,
}: {
  title?: ReactNode;
  filters?: ReactElement[];
  actions: ReactElement;
  pagination: ReactNode;
  children: ReactNode;
}) => (
  <Box className="list-page" sx={{ display: 'flex' }}>
    {title}
    <Box sx={{ flex: '1 1 auto', minWidth: 0, display: 'flex', flexDirection: 'column' }}>
      <ListToolbar filters={filters} actions={actions} />
      <Card sx={{ position: 'relative', overflow: 'inherit', boxShadow: { xs: 'none', sm: 1 } }}>{children}</Card>
      {pagination}
    </Box>
  </Box>
);

/** Whether a generated list has been drawn in this page: from then on its styles are in the page. */
let listStylesDrawn = false;

/**
 * A list drawn once for its styles, no data: every kind of piece a generated list's frame and
 * table may show (each kind of filter, the column chooser, a link, 作成, sortable and right-aligned
 * and one-line columns, each kind of row action, a badge, page links), over one row of nothing.
 * A search box's width follows its placeholder, so each list still writes its own (a few rules).
 */
const STYLES_SAMPLE = defineResource({
  name: 'cs-list-styles',
  label: '一覧の見た目',
  recordLabel: '一覧の見た目',
  // A list whose calls take a sort, so the headers draw their sort labels.
  api: '/api/v2/core/admin/pharmacies',
  capabilities: { create: true },
  fields: {
    id: { type: 'number', label: 'ID', sortable: true },
    name: { type: 'text', label: '名前', sortable: true },
    updatedAt: { type: 'datetime', label: '更新日時', sortable: true },
    note: { type: 'text', label: '備考' },
    endedOn: { type: 'date', label: '終了日' },
  },
  list: {
    columns: ['id', 'name', 'updatedAt', 'note'],
    hiddenColumns: ['note'],
    filters: [
      { source: 'query', type: 'search', label: '検索', alwaysOn: true },
      { source: 'switched', type: 'boolean', label: '切り替え', alwaysOn: true },
      { source: 'checked', type: 'checkbox', label: 'チェック', alwaysOn: true },
      { source: 'answered', type: 'yesNo', label: 'はい・いいえ', alwaysOn: true },
    ],
    actions: ['show', 'edit', { kind: 'external', label: '外部', href: 'https://example.invalid/{id}' }, { kind: 'link', label: 'リンク', to: '/{id}' }],
    links: [{ label: 'リンク', route: 'links' }],
    badges: [{ column: 'name', label: '終了', color: 'default', when: { field: 'endedOn', onOrBeforeToday: true } }],
    defaultSort: { field: 'id', order: 'DESC' },
    paging: { mode: 'pages' },
  },
});
const STYLES_SAMPLE_ROWS = [{ id: 0, endedOn: '2000-01-01' }];
const STYLES_SAMPLE_FILTERS = (STYLES_SAMPLE.list.filters ?? []).map(filterInput);
const noPage = () => undefined;

/**
 * Draws the styles sample out of sight, once per page and only where no list has been drawn yet:
 * the layout mounts it when the first screen is idle (src/layout/ListStylesAhead.tsx), so a
 * list's first visit from the sidebar no longer writes ~250 CSS rules (emotion's serialising and
 * inserting, and the style recalculation they cause) between the click and its rows. The layout
 * unmounts it after one idle turn: its styles stay in the page.
 */
export const ListStylesSample = () => {
  const context = useList({ data: STYLES_SAMPLE_ROWS, resource: STYLES_SAMPLE.name, sort: STYLES_SAMPLE.list.defaultSort });
  if (listStylesDrawn) return null;
  return (
    <div hidden aria-hidden inert data-testid="list-styles-sample">
      <ResourceContextProvider value={STYLES_SAMPLE.name}>
        <ListContextProvider value={context}>
          <ListFrame
            filters={STYLES_SAMPLE_FILTERS}
            actions={<ListHeader resource={STYLES_SAMPLE} storeKey={STYLES_SAMPLE.name} />}
            pagination={<PageLinkBar page={1} totalPages={2} onPage={noPage} />}
          >
            <SchemaDataTable resource={STYLES_SAMPLE} storeKey={STYLES_SAMPLE.name} />
          </ListFrame>
        </ListContextProvider>
      </ResourceContextProvider>
    </div>
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

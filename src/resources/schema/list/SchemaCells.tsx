import { createContext, memo, useContext, useMemo, type ComponentType, type MouseEvent, type ReactNode } from 'react';
import { DataTable, DataTableBody, useDataTableRenderContext, useDataTableStoreContext, useStore, type DataTableBodyProps } from 'react-admin';
import { OPENS_ATTRIBUTE } from '../../../app/listPrefetch';
import { LIST_CELL_CLASS, LIST_CELL_NOWRAP_CLASS, LIST_CELL_RIGHT_CLASS, LIST_ROW_CLASS } from '../../../layout/theme';

/**
 * The columns the user hid in this table, read once for the page of rows. react-admin's own
 * data cell reads them itself (useStore: two store reads, a JSON parse of localStorage each, and
 * a subscription per cell, so 300-odd reads for a page of 25 rows of 6 columns).
 */
const HiddenColumnsContext = createContext<ReadonlySet<string> | undefined>(undefined);

const NO_COLUMNS: string[] = [];

const HiddenColumns = ({ children }: { children: ReactNode }) => {
  const { storeKey, defaultHiddenColumns } = useDataTableStoreContext();
  const [hidden] = useStore<string[]>(storeKey, defaultHiddenColumns ?? NO_COLUMNS);
  const set = useMemo(() => new Set(hidden), [hidden]);
  return <HiddenColumnsContext.Provider value={set}>{children}</HiddenColumnsContext.Provider>;
};

export interface ListRowProps {
  className?: string;
  children?: ReactNode;
  onClick?: (event: MouseEvent<HTMLTableRowElement>) => void;
  onMouseDown?: (event: MouseEvent<HTMLTableRowElement>) => void;
  /** The address a click on the row opens, for the intent prefetch (`OPENS_ATTRIBUTE`). */
  opens?: string;
}

/**
 * A generated list's row: a plain `<tr>` with react-admin's row classes and one theme class that
 * looks as MUI's hover row does. react-admin's row (a styled TableRow, with its own store read for
 * expanded rows, its resource definition and click handling) is for rowClick, expand and bulk
 * selection, which these lists do not use.
 */
export const ListRow = memo(({ className, children, onClick, onMouseDown, opens }: ListRowProps) => (
  <tr className={`MuiTableRow-root MuiTableRow-hover ${className ?? ''} ${LIST_ROW_CLASS}`} onClick={onClick} onMouseDown={onMouseDown} {...{ [OPENS_ATTRIBUTE]: opens }}>
    {children}
  </tr>
));
ListRow.displayName = 'ListRow';

/** A table body (react-admin's, with `row` for its rows) that reads the hidden columns once for its cells. */
export const schemaRowsBody = (row: ComponentType<ListRowProps> = ListRow) => {
  const Body = (props: DataTableBodyProps) => (
    <HiddenColumns>
      <DataTableBody {...props} row={row as ComponentType} />
    </HiddenColumns>
  );
  return Body;
};

export interface SchemaColumnProps {
  /** The record's field the cell shows, and the column's name in the column chooser. */
  source?: string;
  label?: string;
  align?: 'left' | 'right';
  disableSort?: boolean;
  nowrap?: boolean;
  children: ReactNode;
}

/**
 * A column of a generated list. Its header and its entry in the column chooser are react-admin's
 * (sorting, hiding); its data cell is a plain `<td>` with one class from the theme, which looks as
 * react-admin's MUI cell does: a page has 150-odd of them, and the MUI cell (a styled component
 * over a styled component, with its sx built per cell) was the largest part of drawing the rows.
 */
export const SchemaColumn = memo(({ source, label, align = 'left', disableSort, nowrap = false, children }: SchemaColumnProps) => {
  const context = useDataTableRenderContext();
  const hidden = useContext(HiddenColumnsContext);
  if (context !== 'data' || hidden === undefined) {
    return (
      <DataTable.Col source={source} label={label} align={align} disableSort={disableSort} sx={nowrap ? NO_WRAP : undefined}>
        {children}
      </DataTable.Col>
    );
  }
  if (hidden.has(source ?? label ?? '')) return null;
  const className = `MuiTableCell-root MuiTableCell-body MuiTableCell-sizeSmall RaDataTable-rowCell column-${source} ${LIST_CELL_CLASS}${align === 'right' ? ` MuiTableCell-alignRight ${LIST_CELL_RIGHT_CLASS}` : ''}${nowrap ? ` ${LIST_CELL_NOWRAP_CLASS}` : ''}`;
  return <td className={className}>{children}</td>;
});
SchemaColumn.displayName = 'SchemaColumn';

/** One object for every nowrap header, so react-admin's memoised cells see the same props each render. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

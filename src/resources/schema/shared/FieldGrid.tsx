import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { FieldDeclaration } from '../../types';

export type GridColumns = 1 | 2 | 3;

/** A long value (text area, chip list, or a field declared `wide`) takes a whole row of the grid. */
export const isWideField = (field: FieldDeclaration): boolean => field.wide ?? (field.type === 'longText' || field.type === 'multiChoice');

const track = (count: number) => (count === 1 ? 'minmax(0, 1fr)' : `repeat(${count}, minmax(0, 1fr))`);

/**
 * The grid's tracks: one column below md (900 px), two from md, three from lg (1200 px), at most
 * `columns`. A detail's fields are short (codes, dates, names), so three fit from lg; a form's
 * inputs want more room and stop at two.
 */
export const gridColumns = (columns: GridColumns) => ({
  xs: track(1),
  md: track(Math.min(columns, 2)),
  lg: track(columns),
});

/** Spans the whole row of the grid it sits in. */
export const WIDE_CELL = { gridColumn: '1 / -1' } as const;

/**
 * Where each cell goes: a wide one takes its whole row; with `rowLength` (a group of four that
 * reads as two rows of two), every `rowLength`-th cell after a wide one starts a new row, so the
 * group keeps the same tracks as its neighbours and its cells line up under theirs.
 */
export const cellPlacements = (wide: readonly boolean[], rowLength?: GridColumns) => {
  let run = 0;
  return wide.map((isWide) => {
    if (isWide) {
      run = 0;
      return WIDE_CELL;
    }
    const placement = rowLength !== undefined && run % rowLength === 0 ? { gridColumnStart: 1 } : {};
    run += 1;
    return placement;
  });
};

/**
 * Fields side by side, filled row by row (CSS grid's default flow), so the reading order and the
 * tab order are the visual order: left to right, then the next row. Never `dense`, which would
 * pull a later short field up beside an earlier one.
 */
export const FieldGrid = ({ columns = 3, rowGap = 1.5, children }: { columns?: GridColumns; rowGap?: number; children: ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: gridColumns(columns), columnGap: 3, rowGap, width: '100%', alignItems: 'start' }}>{children}</Box>
);

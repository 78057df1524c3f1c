import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Attributes, ImportOperation, OrderableItemImport, StockableItemImport } from '../../dataProvider/methods/masterSources';
import { formatDateTime } from '../../contract/dates';
import { attributeText, OPERATION_LABELS, ORDERABLE_ATTRIBUTE_LABELS, STOCKABLE_ATTRIBUTE_LABELS } from './diffLabels';

const OPERATION_COLORS: Record<ImportOperation, 'success' | 'warning' | 'default'> = { create: 'success', update: 'warning', none: 'default' };

export const OperationChip = ({ operation }: { operation: ImportOperation }) => (
  <Chip size="small" label={OPERATION_LABELS[operation]} color={OPERATION_COLORS[operation]} />
);

const show = (key: string, value: unknown) => (key.endsWith('At') && value ? formatDateTime(value as string) : attributeText(value));

/** One record's attributes before and after, the changed ones marked (text, not colour alone). */
const AttributeTable = ({ caption, labels, before, after, changed }: { caption: string; labels: Record<string, string>; before: Attributes | null; after: Attributes; changed: readonly string[] }) => (
  <Table size="small" aria-label={caption}>
    <TableHead>
      <TableRow>
        <TableCell>項目</TableCell>
        <TableCell>反映前</TableCell>
        <TableCell>反映後</TableCell>
      </TableRow>
    </TableHead>
    <TableBody>
      {Object.entries(labels).map(([key, label]) => {
        const differs = changed.includes(key);
        return (
          <TableRow key={key} selected={differs}>
            <TableCell component="th" scope="row">
              {label}
              {differs && '（変更）'}
            </TableCell>
            <TableCell>{before ? show(key, before[key]) : '（未登録）'}</TableCell>
            <TableCell sx={differs ? { fontWeight: 'bold' } : undefined}>{show(key, after[key])}</TableCell>
          </TableRow>
        );
      })}
    </TableBody>
  </Table>
);

/** The stockable item import (spec section 2): per item the operation and attributes before and after; an invalidReason instead as a warning. */
export const StockableImportView = ({ diff }: { diff: StockableItemImport }) => {
  if (diff.invalidReason) {
    return (
      <Alert severity="warning" role="alert">
        {diff.invalidReason}
      </Alert>
    );
  }
  const attributes = diff.stockableItemAttributes;
  if (!attributes) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Typography variant="subtitle1" component="h3">
          在庫品目 <OperationChip operation={diff.stockableItemOperation} />
        </Typography>
        <AttributeTable
          caption="在庫品目の差分"
          labels={STOCKABLE_ATTRIBUTE_LABELS}
          before={diff.stockableItemPreviousAttributes}
          after={attributes}
          changed={diff.stockableItemChanged}
        />
      </Box>
      {diff.orderableItems.map((item) => (
        <Box key={String(item.attributes.gs1Code)}>
          <Typography variant="subtitle1" component="h3">
            発注品目 {String(item.attributes.gs1Code)} <OperationChip operation={item.operation} />
          </Typography>
          <AttributeTable
            caption={`発注品目 ${String(item.attributes.gs1Code)} の差分`}
            labels={ORDERABLE_ATTRIBUTE_LABELS}
            before={item.previousAttributes}
            after={item.attributes}
            changed={item.changed}
          />
        </Box>
      ))}
    </Box>
  );
};

export const OrderableImportView = ({ diff }: { diff: OrderableItemImport }) => {
  if (diff.invalidReason) {
    return (
      <Alert severity="warning" role="alert">
        {diff.invalidReason}
      </Alert>
    );
  }
  if (!diff.attributes) return null;
  return (
    <Box>
      <Typography variant="subtitle1" component="h3">
        発注品目 <OperationChip operation={diff.operation} />
      </Typography>
      <AttributeTable caption="発注品目の差分" labels={ORDERABLE_ATTRIBUTE_LABELS} before={diff.previousAttributes} after={diff.attributes} changed={diff.changed} />
    </Box>
  );
};

/** Whether applying would write anything. */
export const stockableImportChanges = (diff: StockableItemImport | undefined) =>
  !!diff && !diff.invalidReason && (diff.stockableItemOperation !== 'none' || diff.orderableItems.some((o) => o.operation !== 'none'));

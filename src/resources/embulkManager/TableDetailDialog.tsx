import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { RaRecord } from 'react-admin';
import { DialogButtons } from '../../app/DialogButtons';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';
import { formatDateTime } from '../../contract/dates';
import type { WarehouseService } from '../../dataProvider/methods/warehouse';
import { serverMessages } from '../schema/shared/serverErrors';
import { useResourceDeclaration } from '../schema/shared/useResourceDeclaration';
import { copyFailedMessage, formatBytes, isModifiedBeforeToday, WAREHOUSE_TEXTS } from './warehouseRules';

/** A warehouse table as the data provider answers it (spec section 3). */
export interface WarehouseTableRecord extends RaRecord {
  id: string;
  projectId: string;
  datasetId: WarehouseService;
  tableId: string;
  createdAt: Date | null;
  modifiedAt: Date | null;
  bytesCount: number | null;
  rowsCount: number | null;
  mysqlExist: boolean;
}

interface Props {
  table: WarehouseTableRecord;
  now: Date;
  onClose: () => void;
  onStarted: () => void;
  onFailed: (message: string) => void;
}

/** A table's detail and the button that starts its copy job, disabled when MySQL lacks the table. */
export const TableDetailDialog = ({ table, now, onClose, onStarted, onFailed }: Props) => {
  const { fields } = useResourceDeclaration();
  const dataProvider = usePortalDataProvider();
  const [busy, setBusy] = useState(false);
  const titleId = 'warehouse-table-title';
  const rows: [string, string][] = [
    [fields.projectId.label, table.projectId],
    [fields.datasetId.label, table.datasetId],
    [fields.tableId.label, table.tableId],
    [fields.createdAt.label, formatDateTime(table.createdAt)],
    [fields.modifiedAt.label, table.modifiedAt ? formatDateTime(table.modifiedAt) : WAREHOUSE_TEXTS.notCopied],
    [fields.bytesCount.label, formatBytes(table.bytesCount)],
    [fields.rowsCount.label, table.rowsCount?.toLocaleString('ja-JP') ?? ''],
    [fields.mysqlExist.label, table.mysqlExist ? 'あり' : 'なし'],
  ];

  const copy = async () => {
    setBusy(true);
    try {
      await dataProvider.executeWarehouseCopy({ serviceName: table.datasetId, tableName: table.tableId });
      onStarted();
    } catch (error) {
      onFailed(copyFailedMessage(serverMessages(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {table.datasetId}.{table.tableId}
      </DialogTitle>
      <DialogContent>
        {isModifiedBeforeToday(table.modifiedAt, now) && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {WAREHOUSE_TEXTS.staleHint}
          </Alert>
        )}
        <Typography component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0 }}>
          {rows.map(([label, value]) => (
            <Typography component="div" key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" sx={{ fontWeight: 'bold' }}>
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Typography>
          ))}
        </Typography>
        {!table.mysqlExist && (
          <Typography sx={{ mt: 2 }}>
            {WAREHOUSE_TEXTS.copyDisabled}
          </Typography>
        )}
      </DialogContent>
      <DialogButtons label={WAREHOUSE_TEXTS.copy} onCancel={onClose} onSubmit={() => void copy()} disabled={!table.mysqlExist} busy={busy} />
    </Dialog>
  );
};

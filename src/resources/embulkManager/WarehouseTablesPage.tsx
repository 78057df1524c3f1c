import { useState } from 'react';
import { LinkBase, useGetList } from 'react-admin';
import { useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Screen } from '../../app/Screen';
import { formatDateTime } from '../../contract/dates';
import type { WarehouseService } from '../../dataProvider/methods/warehouse';
import { useResourceDeclaration } from '../schema/shared/useResourceDeclaration';
import { warehousePaths } from './paths';
import { serverMessages } from '../schema/shared/serverErrors';
import { StaleBadge } from './StatusChips';
import { CopyToast, type ToastState } from './CopyToast';
import { TableDetailDialog, type WarehouseTableRecord } from './TableDetailDialog';
import { formatBytes, isModifiedBeforeToday, isWarehouseService, WAREHOUSE_TEXTS } from './warehouseRules';

const SORT = { field: 'tableId', order: 'ASC' } as const;
const ALL = { page: 1, perPage: 1000 } as const;

/** `/v2/core/embulk_manager/bigqueries/{serviceName}`: the service's warehouse tables (spec section 2). */
const WarehouseTablesPage = () => {
  const embulkManager = useResourceDeclaration();
  const { fields } = embulkManager;
  const { serviceName } = useParams();
  const service: WarehouseService | undefined = isWarehouseService(serviceName) ? serviceName : undefined;
  const { data = [], isPending, error } = useGetList<WarehouseTableRecord>(
    embulkManager.name,
    { filter: { serviceName: service }, sort: SORT, pagination: ALL },
    { enabled: !!service },
  );
  const [open, setOpen] = useState<WarehouseTableRecord | undefined>();
  const [toast, setToast] = useState<ToastState | undefined>();
  const now = new Date();

  if (!service) {
    return (
      <Screen title={WAREHOUSE_TEXTS.tables}>
        <Alert severity="error">サービス「{serviceName}」はありません。core または medorder を選んでください。</Alert>
      </Screen>
    );
  }

  return (
    <Screen title={`${WAREHOUSE_TEXTS.tables}: ${service}`}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Alert severity="info" sx={{ flex: '1 1 auto' }}>
          {WAREHOUSE_TEXTS.loadingNotice}
        </Alert>
        <Button variant="outlined" component={LinkBase} to={warehousePaths.jobs}>
          {WAREHOUSE_TEXTS.jobs}を見る
        </Button>
      </Box>
      <Card>
        {isPending ? (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 3 }}>
            <CircularProgress size={24} aria-hidden />
            <Typography>読み込み中…</Typography>
          </Box>
        ) : error ? (
          <Alert severity="error">{serverMessages(error).join(' ') || 'テーブル一覧を読み込めませんでした。'}</Alert>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={`${service}のテーブル一覧`}>
              <TableHead>
                <TableRow>
                  {(['datasetId', 'tableId', 'createdAt', 'modifiedAt', 'bytesCount', 'rowsCount', 'mysqlExist'] as const).map((key) => (
                    <TableCell key={key} align={key === 'bytesCount' || key === 'rowsCount' ? 'right' : 'left'}>
                      {fields[key].label}
                    </TableCell>
                  ))}
                  <TableCell>操作</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((table) => (
                  <TableRow key={table.id} data-table-id={table.tableId}>
                    <TableCell>{table.datasetId}</TableCell>
                    <TableCell>{table.tableId}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(table.createdAt)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="modified-at">
                      {table.modifiedAt ? formatDateTime(table.modifiedAt) : WAREHOUSE_TEXTS.notCopied}
                      {isModifiedBeforeToday(table.modifiedAt, now) && <StaleBadge />}
                    </TableCell>
                    <TableCell align="right">{formatBytes(table.bytesCount)}</TableCell>
                    <TableCell align="right">{table.rowsCount?.toLocaleString('ja-JP') ?? ''}</TableCell>
                    <TableCell>{table.mysqlExist ? 'あり' : 'なし'}</TableCell>
                    <TableCell>
                      <Button size="small" onClick={() => setOpen(table)} aria-label={`${table.tableId}の詳細`}>
                        詳細
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {data.length === 0 && <Typography sx={{ p: 2 }}>{embulkManager.list.empty}</Typography>}
          </TableContainer>
        )}
      </Card>
      {open && (
        <TableDetailDialog
          table={open}
          now={now}
          onClose={() => setOpen(undefined)}
          onStarted={() => {
            setOpen(undefined);
            setToast({ severity: 'success', message: WAREHOUSE_TEXTS.succeeded });
          }}
          onFailed={(message) => setToast({ severity: 'error', message })}
        />
      )}
      <CopyToast toast={toast} onClose={() => setToast(undefined)} />
    </Screen>
  );
};

export default WarehouseTablesPage;

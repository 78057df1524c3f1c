import { useState } from 'react';
import { useRecordContext } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';
import { InlineLoading } from '../../app/InlineLoading';
import { ethicalMedicines } from '../ethicalMedicines';
import { PageLinkBar } from '../schema/PageLinkBar';
import { serverMessages } from '../schema/serverErrors';
import { useResourceDeclaration } from '../schema/useResourceDeclaration';
import { MASTER_FILE_ROWS } from '.';

/** Columns of a file that the master has no field for (the option file's 薬効分類番号). */
const FILE_ONLY_LABELS: Record<string, string> = { line: '行番号', therapeuticCategory: '薬効分類番号' };

const masterField = (key: string) => (ethicalMedicines.fields as Record<string, { label: string; type: string } | undefined>)[key];

/** A row's columns are the master's (ethical medicine) columns the file's layout sets: their labels are the master's. */
const labelOf = (key: string) => FILE_ONLY_LABELS[key] ?? masterField(key)?.label ?? key;

/** A file row carries the master's flags as 1 / 0, as the import would write them. */
const cellText = (key: string, value: unknown) => {
  if (value === null || value === undefined) return '';
  const flag = typeof value === 'boolean' ? value : masterField(key)?.type === 'boolean' && (value === 0 || value === 1) ? value === 1 : undefined;
  return flag === undefined ? String(value) : flag ? 'はい' : 'いいえ';
};

/** A file's rows, a server page at a time, with up to 10 page links. */
const MasterFileRows = () => {
  const resource = useResourceDeclaration();
  const record = useRecordContext();
  const dataProvider = usePortalDataProvider();
  const [page, setPage] = useState(1);
  const rowsCall = MASTER_FILE_ROWS[resource.name];
  const fileId = Number(record?.id);
  const { data, error, isPending } = useQuery({
    queryKey: ['masterSources', 'fileRows', rowsCall.table, fileId, page],
    queryFn: () => dataProvider.getMasterFileRows(rowsCall.table, rowsCall.param, fileId, page),
    enabled: Number.isInteger(fileId),
  });
  if (isPending) return <InlineLoading />;
  if (error) return <Typography color="error">{serverMessages(error).join(' ')}</Typography>;
  const columns = [...new Set(data.rows.flatMap((row) => Object.keys(row)))];
  return (
    <Box sx={{ display: 'grid', gap: 1, px: 2, pb: 2 }}>
      <Typography>{data.totalCount}行</Typography>
      <TableContainer>
        <Table size="small" aria-label={`${String(record?.fileName ?? '')} の行`}>
          <TableHead>
            <TableRow>
              {columns.map((key) => (
                <TableCell key={key}>{labelOf(key)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.rows.map((row) => (
              <TableRow key={String(row.line)}>
                {columns.map((key) => (
                  <TableCell key={key}>{cellText(key, row[key])}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <PageLinkBar page={page} totalPages={data.totalPages} onPage={setPage} />
    </Box>
  );
};

export default MasterFileRows;

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
import { formatDate, isDayString } from '../../contract/dates';
import { InlineLoading } from '../../app/InlineLoading';
import { ethicalMedicines } from '../ethicalMedicines';
import { PageLinkBar } from '../schema/list/PageLinkBar';
import { serverMessages } from '../schema/shared/serverErrors';
import { useResourceDeclaration } from '../schema/shared/useResourceDeclaration';

/** Each file list's rows call: the rows table and the parameter naming the file. */
const MASTER_FILE_ROWS: Record<string, { table: string; param: string }> = {
  'v2/core/master_sources/medis_bases': { table: 'medis_base_rows', param: 'medisBaseId' },
  'v2/core/master_sources/medis_gs1s': { table: 'medis_gs1_rows', param: 'medisGs1Id' },
  'v2/core/master_sources/medis_options': { table: 'medis_option_rows', param: 'medisOptionId' },
  'v2/core/master_sources/iryohokens': { table: 'iryohoken_rows', param: 'iryohokenId' },
};

/** Columns of a file that the master has no field for (the option file's 薬効分類番号). */
const FILE_ONLY_LABELS: Record<string, string> = { line: '行番号', therapeuticCategory: '薬効分類番号', hotCodes: '対応するHOTコード' };

const masterField = (key: string) => (ethicalMedicines.fields as Record<string, { label: string; type: string } | undefined>)[key];

/** A row's columns are the master's (ethical medicine) columns the file's layout sets: their labels are the master's. */
const labelOf = (key: string) => FILE_ONLY_LABELS[key] ?? masterField(key)?.label ?? key;

/**
 * A file row carries the master's flags as 1 / 0, as the import would write them; its days as
 * yyyy-MM-dd, shown as every other date here (yyyy年M月d日); a list of codes one after another.
 */
const cellText = (key: string, value: unknown) => {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join('、');
  if (value instanceof Date || (masterField(key)?.type === 'date' && isDayString(value))) return formatDate(value as Date | string);
  const flag = typeof value === 'boolean' ? value : masterField(key)?.type === 'boolean' && (value === 0 || value === 1) ? value === 1 : undefined;
  return flag === undefined ? String(value) : flag ? 'はい' : 'いいえ';
};

const SHORT_TEXT = 16;
const NO_WRAP = { whiteSpace: 'nowrap' } as const;
const LONG_TEXT = { minWidth: '12em' } as const;

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
      {/* Wide files scroll sideways: the scroller takes focus so the keyboard can scroll it too. */}
      <TableContainer tabIndex={0} role="region" aria-label={`${String(record?.fileName ?? '')} の行（横にスクロールできます）`}>
        <Table size="small" aria-label={`${String(record?.fileName ?? '')} の行`}>
          <TableHead>
            <TableRow>
              {columns.map((key) => (
                <TableCell key={key} sx={NO_WRAP}>
                  {labelOf(key)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.rows.map((row) => (
              <TableRow key={String(row.line)}>
                {columns.map((key) => {
                  const text = cellText(key, row[key]);
                  // Codes, numbers, dates and short words stay on one line; only long text wraps, never narrower than 12em.
                  return (
                    <TableCell key={key} sx={text.length > SHORT_TEXT ? LONG_TEXT : NO_WRAP}>
                      {text}
                    </TableCell>
                  );
                })}
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

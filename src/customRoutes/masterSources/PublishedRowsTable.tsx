import { useQuery } from '@tanstack/react-query';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Attributes, PublishedTable } from '../../dataProvider/methods/masterSources';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';
import { formatDate } from '../../contract/dates';
import { MASTER_SOURCES_QUERY } from '../../features/masterDiff/StockableDiffPanel';
import { MasterSection } from './MasterSection';

/** The publishers' tables of one code (spec section 2), their columns in Japanese. */
const TABLES: Record<PublishedTable, { title: string; columns: [key: string, label: string][] }> = {
  medis_base_rows: {
    title: 'HOTコードマスター（基本）',
    columns: [
      ['hotCode', 'HOTコード'], ['yjCode', 'YJコード'], ['receiptCode', 'レセプト電算コード'], ['janCode', 'JANコード'], ['brandName', '販売名'],
      ['standard', '規格'], ['packetForm', '包装形態'], ['packetVolume', '包装単位数'], ['packageVolume', '包装総量'], ['maker', '製造会社'],
      ['seller', '販売会社'], ['inactiveOn', '販売中止日'],
    ],
  },
  medis_gs1_rows: {
    title: 'GS1対応表',
    columns: [['hotCode', 'HOTコード'], ['packageGs1Code', '販売包装単位GS1コード'], ['packetGs1Code', '調剤包装単位GS1コード'], ['supplyGs1Code', '元梱包装単位GS1コード'], ['hotCodes', '対応するHOTコード']],
  },
  iryohoken_rows: {
    title: '医療保険マスター',
    columns: [
      ['receiptCode', 'レセプト電算コード'], ['brandName', '名称'], ['unitType', '単位'], ['officialUnitPrice', '薬価'], ['generic', '後発品'],
      ['interimPeriodOn', '経過措置期限'], ['inactiveOn', '廃止日'],
    ],
  },
  medhot_rows: {
    title: 'MEDHOTマスター',
    columns: [
      ['hotCode', 'HOTコード'], ['packageGs1Code', '販売包装単位GS1コード'], ['packetForm', '包装形態'], ['packetFormSubdivision', '包装形態細分'],
      ['packetVolume', '包装単位数'], ['packetPerSheet', 'シート入数'], ['packagePacketCount', '包装数'],
    ],
  },
};

const cellText = (key: string, value: unknown): string => {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.join('、');
  if (typeof value === 'boolean') return value ? 'はい' : 'いいえ';
  if (key.endsWith('On')) return formatDate(value as string);
  return String(value);
};

export const PublishedRowsTable = ({ table, codeKey }: { table: PublishedTable; codeKey: { hotCode: string } | { receiptCode: string } }) => {
  const dataProvider = usePortalDataProvider();
  const { title, columns } = TABLES[table];
  const { data, error, isPending } = useQuery({
    queryKey: [MASTER_SOURCES_QUERY, 'rows', table, codeKey],
    queryFn: () => dataProvider.getPublishedRows(table, codeKey),
  });
  return (
    <MasterSection title={title} isPending={isPending} error={error} isEmpty={(data ?? []).length === 0} empty={<Typography>行はありません</Typography>}>
      <TableContainer>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              {columns.map(([key, label]) => (
                <TableCell key={key}>{label}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {((data ?? []) as Attributes[]).map((row, index) => (
              <TableRow key={index}>
                {columns.map(([key]) => (
                  <TableCell key={key}>{cellText(key, row[key])}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </MasterSection>
  );
};

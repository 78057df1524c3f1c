import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { MasterStockableItem, StockableItemSearch } from '../../dataProvider/methods/masterSources';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';
import { formatDate, todayInTokyo } from '../../contract/dates';
import { sortOrderableItems } from './orderableItemSort';
import { MasterSection } from './MasterSection';
import { MASTER_SOURCES_QUERY } from '../../features/masterDiff/StockableDiffPanel';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** One stockable item of the ordering master with its orderable items in the spec's order (section 9). */
export const MasterItemTable = ({ item }: { item: MasterStockableItem }) => (
  <Box sx={{ display: 'grid', gap: 0.5 }}>
    <Typography variant="subtitle1" component="h3">
      {item.name}（ID {item.id}・YJコード {item.yjCode}・薬価 {text(item.price)}）
    </Typography>
    <Table size="small" aria-label={`${item.name} の発注品目`}>
      <TableHead>
        <TableRow>
          {['順番', 'ID', '名称', 'GS1コード', 'JANコード', '販売会社', '包装形態', '包装単位数', '包装数', '販売中止日'].map((label) => (
            <TableCell key={label}>{label}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {sortOrderableItems(item.orderableItems, todayInTokyo()).map((o) => (
          <TableRow key={o.id}>
            <TableCell>{o.orderIndex}</TableCell>
            <TableCell>{o.id}</TableCell>
            <TableCell>{text(o.name)}</TableCell>
            <TableCell>{o.gs1Code}</TableCell>
            <TableCell>{text(o.janCode)}</TableCell>
            <TableCell>{text(o.sellerName)}</TableCell>
            <TableCell>{text(o.packetForm)}</TableCell>
            <TableCell>{text(o.packetVolume)}</TableCell>
            <TableCell>{text(o.packagePacketCount)}</TableCell>
            <TableCell>{o.inactiveOn ? formatDate(o.inactiveOn) : ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </Box>
);

/** What the ordering master holds for a search (the HOT code detail asks by YJ code). */
export const StockableItemMaster = ({ search, title = '発注マスター' }: { search: StockableItemSearch; title?: string }) => {
  const dataProvider = usePortalDataProvider();
  const { data, error, isPending } = useQuery({
    queryKey: [MASTER_SOURCES_QUERY, 'stockableItems', search],
    queryFn: () => dataProvider.searchStockableItems(search),
  });
  return (
    <MasterSection
      title={title}
      isPending={isPending}
      error={error}
      isEmpty={!data || data.items.length === 0}
      empty={<Typography>発注マスターに在庫品目はありません</Typography>}
    >
      {data?.items.map((item) => <MasterItemTable key={item.id} item={item} />)}
    </MasterSection>
  );
};

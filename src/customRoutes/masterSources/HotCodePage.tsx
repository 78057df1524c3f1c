import { Title } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';
import { MASTER_SOURCES_QUERY, StockableDiffPanel } from '../../features/masterDiff/StockableDiffPanel';
import { PublishedRowsTable } from './PublishedRowsTable';
import { OrderableFixtureSummary, StockableFixtureSummary } from './FixtureSummaries';
import { StockableItemMaster } from './StockableItemMaster';

/**
 * A HOT code (spec section 2): the master diff with its reflect button, the publishers' rows,
 * the fixtures (edit, or new links carrying the code) and what the ordering master now holds.
 */
const HotCodePage = () => {
  const hotCode = useParams().hotCode ?? '';
  const dataProvider = usePortalDataProvider();
  const { data: baseRows } = useQuery({
    queryKey: [MASTER_SOURCES_QUERY, 'rows', 'medis_base_rows', { hotCode }],
    queryFn: () => dataProvider.getPublishedRows('medis_base_rows', { hotCode }),
  });
  const { data: gs1Rows } = useQuery({
    queryKey: [MASTER_SOURCES_QUERY, 'rows', 'medis_gs1_rows', { hotCode }],
    queryFn: () => dataProvider.getPublishedRows('medis_gs1_rows', { hotCode }),
  });
  const yjCode = (baseRows?.[0]?.yjCode as string | null | undefined) ?? null;
  const gs1Code = (gs1Rows?.[0]?.packageGs1Code as string | null | undefined) ?? null;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={`HOTコード ${hotCode}`} />
      <CardContent sx={{ display: 'grid', gap: 3 }}>
        <StockableDiffPanel importKey={{ hotCode }} />
        <PublishedRowsTable table="medis_base_rows" codeKey={{ hotCode }} />
        <PublishedRowsTable table="medis_gs1_rows" codeKey={{ hotCode }} />
        <PublishedRowsTable table="iryohoken_rows" codeKey={{ hotCode }} />
        <PublishedRowsTable table="medhot_rows" codeKey={{ hotCode }} />
        <Box sx={{ display: 'grid', gap: 2 }}>
          {baseRows && <StockableFixtureSummary yjCode={yjCode} />}
          {gs1Rows && <OrderableFixtureSummary hotCode={hotCode} gs1Code={gs1Code} />}
        </Box>
        {yjCode && <StockableItemMaster search={{ yjCodes: [yjCode] }} />}
      </CardContent>
    </Card>
  );
};

export default HotCodePage;

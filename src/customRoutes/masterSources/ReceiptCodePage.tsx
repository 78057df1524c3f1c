import { Title } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';
import { MASTER_SOURCES_QUERY, StockableDiffPanel } from '../../features/masterDiff/StockableDiffPanel';
import { PublishedRowsTable } from './PublishedRowsTable';
import { StockableFixtureSummary } from './FixtureSummaries';
import { StockableItemMaster } from './StockableItemMaster';

/** A receipt code (spec section 2): the diff, insurance rows, HOT base rows, GS1 rows and the stockable fixture. */
const ReceiptCodePage = () => {
  const receiptCode = useParams().receiptCode ?? '';
  const dataProvider = usePortalDataProvider();
  const { data: baseRows } = useQuery({
    queryKey: [MASTER_SOURCES_QUERY, 'rows', 'medis_base_rows', { receiptCode }],
    queryFn: () => dataProvider.getPublishedRows('medis_base_rows', { receiptCode }),
  });
  const yjCode = (baseRows?.[0]?.yjCode as string | null | undefined) ?? null;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={`レセプト電算コード ${receiptCode}`} />
      <CardContent sx={{ display: 'grid', gap: 3 }}>
        <StockableDiffPanel importKey={{ receiptCode }} />
        <PublishedRowsTable table="iryohoken_rows" codeKey={{ receiptCode }} />
        <PublishedRowsTable table="medis_base_rows" codeKey={{ receiptCode }} />
        <PublishedRowsTable table="medis_gs1_rows" codeKey={{ receiptCode }} />
        {baseRows && <StockableFixtureSummary yjCode={yjCode} receiptCode={receiptCode} />}
        {yjCode && <StockableItemMaster search={{ yjCodes: [yjCode] }} />}
      </CardContent>
    </Card>
  );
};

export default ReceiptCodePage;

import { useState } from 'react';
import { useNotify, useRecordContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { specPath } from '../../lib/specPaths';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';
import { InlineLoading } from '../../app/InlineLoading';
import { OrderableImportView } from '../../features/masterDiff/MasterDiff';
import { MASTER_SOURCES_QUERY } from '../../features/masterDiff/StockableDiffPanel';
import { RecordFields } from '../schema/show/RecordFields';
import { serverMessages } from '../schema/shared/serverErrors';
import { useResourceDeclaration } from '../schema/shared/useResourceDeclaration';

/**
 * An orderable fixture (spec section 2): only its non-empty fields (HOT code and note included),
 * its stockable fixture by name, linked (the field is a reference), the diff it makes and an apply button enabled only when the
 * operation is not none; applying creates the import and goes back to the list.
 */
const OrderableFixtureDetail = () => {
  const resource = useResourceDeclaration();
  const record = useRecordContext();
  const dataProvider = usePortalDataProvider();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const [applying, setApplying] = useState(false);
  const fixtureId = Number(record?.id);
  const { data, error, isPending } = useQuery({
    queryKey: [MASTER_SOURCES_QUERY, 'orderableImport', fixtureId],
    queryFn: () => dataProvider.getOrderableItemImport(fixtureId),
    enabled: Number.isInteger(fixtureId),
  });
  if (!record) return null;
  const apply = async () => {
    setApplying(true);
    try {
      await dataProvider.applyOrderableItemImport(fixtureId);
      notify('マスターに反映しました。', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: [MASTER_SOURCES_QUERY] });
      navigate(specPath.list(resource.name));
    } catch (failure) {
      notify(serverMessages(failure).join('\n'), { type: 'error', multiLine: true });
    } finally {
      setApplying(false);
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 2, pb: 2 }}>
      <RecordFields resource={resource} fields={['id', ...(resource.form?.fields ?? [])]} nonEmptyOnly />
      <Box component="section" aria-label="マスター差分" sx={{ px: 2, display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Typography variant="h6" component="h2">
            マスター差分
          </Typography>
          <Button variant="contained" onClick={apply} disabled={applying || !data || !!data.invalidReason || data.operation === 'none'}>
            反映する
          </Button>
        </Box>
        {isPending ? <InlineLoading /> : error ? <Typography color="error">{serverMessages(error).join(' ')}</Typography> : data && <OrderableImportView diff={data} />}
      </Box>
    </Box>
  );
};

export default OrderableFixtureDetail;

import { useRecordContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import { specPath } from '../../lib/specPaths';
import { StockableDiffPanel } from '../../features/masterDiff/StockableDiffPanel';
import { RecordFields } from '../schema/show/RecordFields';
import { useResourceDeclaration } from '../schema/shared/useResourceDeclaration';

const ORDERABLE_FIXTURES = 'v2/core/master_sources/orderable_item_fixtures';

/** A stockable fixture's fields and the diff it makes, with reflect; after reflecting, the orderable fixtures come next (spec section 2). */
const StockableFixtureDetail = () => {
  const resource = useResourceDeclaration();
  const record = useRecordContext();
  const navigate = useNavigate();
  if (!record) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2, pb: 2 }}>
      <RecordFields resource={resource} fields={resource.form?.fields ?? []} />
      <Box sx={{ px: 2 }}>
        <StockableDiffPanel importKey={{ stockableItemFixtureId: Number(record.id) }} onApplied={() => navigate(specPath.list(ORDERABLE_FIXTURES))} />
      </Box>
    </Box>
  );
};

export default StockableFixtureDetail;

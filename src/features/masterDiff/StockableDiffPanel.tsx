import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { StockableImportKey, StockableItemImport } from '../../dataProvider/methods/masterSources';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';
import { InlineLoading } from '../../app/InlineLoading';
import { serverMessages } from '../../resources/schema/shared/serverErrors';
import { stockableImportChanges, StockableImportView } from './MasterDiff';

/** Every diff and master read of these screens shares this key prefix, so a reflect refetches them all. */
export const MASTER_SOURCES_QUERY = 'masterSources';

/**
 * The master diff of one code or fixture with its reflect button (反映する), enabled only when
 * the import would change something; after it applies, every master-source query reloads.
 */
export const StockableDiffPanel = ({ importKey, onApplied }: { importKey: StockableImportKey; onApplied?: (result: StockableItemImport) => void }) => {
  const dataProvider = usePortalDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [applying, setApplying] = useState(false);
  const { data, error, isPending } = useQuery({
    queryKey: [MASTER_SOURCES_QUERY, 'stockableImport', importKey],
    queryFn: () => dataProvider.getStockableItemImport(importKey),
  });
  const apply = async () => {
    setApplying(true);
    try {
      const result = await dataProvider.applyStockableItemImport(importKey);
      notify('マスターに反映しました。', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: [MASTER_SOURCES_QUERY] });
      onApplied?.(result);
    } catch (failure) {
      notify(serverMessages(failure).join('\n'), { type: 'error', multiLine: true });
    } finally {
      setApplying(false);
    }
  };
  return (
    <Box component="section" aria-label="マスター差分" sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Typography variant="h6" component="h2">
          マスター差分
        </Typography>
        <Button variant="contained" onClick={apply} disabled={applying || !stockableImportChanges(data)}>
          反映する
        </Button>
      </Box>
      {isPending ? <InlineLoading /> : error ? <Typography color="error">{serverMessages(error).join(' ')}</Typography> : data && <StockableImportView diff={data} />}
    </Box>
  );
};

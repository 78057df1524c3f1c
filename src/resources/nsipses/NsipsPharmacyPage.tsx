import { useState } from 'react';
import { DataTable, InfiniteList, useGetOne, LinkBase, TopToolbar, useInfinitePaginationContext, useListContext, useRecordContext } from 'react-admin';
import { useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ImeSafeSearchInput } from '../../app/ImeSafeSearchInput';
import { SERVER_PAGE_SIZE } from '../../lib/constants';
import { formatDateTime } from '../../contract/dates';
import { ListError } from '../schema/list/ListError';
import { LoadMore } from '../schema/list/LoadMore';
import { useResourceDeclaration } from '../schema/shared/useResourceDeclaration';
import { pharmacies } from '../pharmacies';
import { NsipsFileDialog } from './NsipsFileDialog';
import { NsipsPharmacySelector } from './NsipsPharmacySelector';
import { formatFileSize, nsipsCountLabel, nsipsFileRoute } from './nsipsText';

interface NsipsRecord {
  id: string;
  key: string;
  filename: string;
  size: number;
  lastModified: string;
}

const FILTERS = [<ImeSafeSearchInput key="query" source="query" alwaysOn placeholder="ファイル名（前方一致）" label="ファイル名（前方一致）" />];
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** The header: how many files are loaded, 'N + M' while more remain, and the pharmacy selector. */
const NsipsHeader = ({ pharmacyId }: { pharmacyId: string }) => {
  const { data, isPending } = useListContext<NsipsRecord>();
  const { hasNextPage } = useInfinitePaginationContext();
  const loaded = data?.length ?? 0;
  const label = nsipsCountLabel(loaded, !!hasNextPage, SERVER_PAGE_SIZE);
  return (
    <TopToolbar sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Typography
        variant="body2"
        color="text.secondary"
        data-testid="list-total"
        aria-live="polite"
        title={hasNextPage ? `${loaded}件を表示中。さらに読み込むと最大${SERVER_PAGE_SIZE}件増えます` : undefined}
      >
        {isPending ? '' : `${label} 件`}
      </Typography>
      <NsipsPharmacySelector pharmacyId={pharmacyId} />
    </TopToolbar>
  );
};

const FileActions = ({ pharmacyId, onPreview }: { pharmacyId: string; onPreview: (filename: string) => void }) => {
  const record = useRecordContext<NsipsRecord>();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, whiteSpace: 'nowrap' }}>
      <Button size="small" component={LinkBase} to={nsipsFileRoute(pharmacyId, record.filename)} aria-label={`${record.filename}の詳細`}>
        詳細
      </Button>
      <Button size="small" onClick={() => onPreview(record.filename)} aria-label={`${record.filename}をモーダルで表示`}>
        表示
      </Button>
    </Box>
  );
};

/** `/v2/core/nsipses/{id}`: the pharmacy's files, a filename prefix search, and 'load more' by continuation token. */
const NsipsPharmacyPage = () => {
  const nsipses = useResourceDeclaration();
  const { id = '' } = useParams();
  const [preview, setPreview] = useState<string>();
  const { data: pharmacy } = useGetOne<{ id: string; name: string }>(pharmacies.name, { id });
  return (
    <>
      <InfiniteList<NsipsRecord>
        resource={nsipses.name}
        title={`NSIPS一覧（${pharmacy?.name ?? `薬局 ${id}`}）`}
        filter={{ pharmacyId: id }}
        filters={FILTERS}
        sort={nsipses.list.defaultSort}
        perPage={SERVER_PAGE_SIZE}
        actions={<NsipsHeader pharmacyId={id} />}
        pagination={<LoadMore />}
        empty={false}
        storeKey={false}
        debounce={0}
        error={<ListError />}
      >
        <DataTable<NsipsRecord> rowClick={false} bulkActionButtons={false} empty={<Typography sx={{ p: 2 }}>{nsipses.list.empty}</Typography>} aria-label="NSIPSファイル一覧">
          <DataTable.Col source="key" label="キー" disableSort />
          <DataTable.Col source="size" label="サイズ" align="right" disableSort sx={NO_WRAP} render={(record) => formatFileSize(record.size)} />
          <DataTable.Col source="lastModified" label="最終更新日時" disableSort sx={NO_WRAP} render={(record) => formatDateTime(record.lastModified)} />
          <DataTable.Col label="操作" disableSort>
            <FileActions pharmacyId={id} onPreview={setPreview} />
          </DataTable.Col>
        </DataTable>
      </InfiniteList>
      {preview !== undefined && <NsipsFileDialog pharmacyId={id} filename={preview} onClose={() => setPreview(undefined)} />}
    </>
  );
};

export default NsipsPharmacyPage;

import { useState, type FormEvent } from 'react';
import { Confirm, useGetList, useNotify, useRecordContext } from 'react-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useApi } from '../../app/useApi';
import { serverMessages } from '../schema/serverErrors';
import { PharmacyMembershipTable, type PharmacyRow } from './PharmacyMembershipTable';
import { PageLinkBar } from '../schema/PageLinkBar';
import { SERVER_PAGE_SIZE } from '../../lib/constants';
import { companies } from '.';
import { pharmacies } from '../pharmacies';

/**
 * The company's pharmacies, and a search that offers only pharmacies with no company (a pharmacy
 * belongs to at most one company): 追加 sets its company, 削除 clears it.
 */
const CompanyPharmaciesTab = () => {
  const company = useRecordContext<{ id: number; pharmacies?: PharmacyRow[] }>();
  const send = useApi();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState<string>();
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<PharmacyRow>();

  const candidates = useGetList<PharmacyRow & { id: number }>(
    pharmacies.name,
    {
      filter: { withoutCompany: true, query },
      pagination: { page, perPage: SERVER_PAGE_SIZE },
      sort: { field: 'id', order: 'ASC' },
    },
    { enabled: query !== undefined },
  );

  const membership = useMutation({
    mutationFn: ({ row, add }: { row: PharmacyRow; add: boolean }) =>
      send({
        method: add ? 'PATCH' : 'DELETE',
        path: `${companies.api}/${company?.id}/pharmacies`,
        body: { pharmacyIds: [row.id] },
      }),
    onSuccess: (_response, { row, add }) => {
      notify(add ? `${row.name}を追加しました。` : `${row.name}を削除しました。`, { type: 'success' });
      return queryClient.invalidateQueries();
    },
    onError: (error) => notify(serverMessages(error).join('\n'), { type: 'error', multiLine: true }),
  });

  if (!company) return null;
  const members = company.pharmacies ?? [];
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery(draft.trim());
    setPage(1);
  };

  return (
    <Box sx={{ px: 2, pb: 2 }}>
      <Box component="form" role="search" onSubmit={search} sx={{ display: 'flex', gap: 1, mb: 2, alignItems: 'center' }}>
        <TextField
          size="small"
          label="会社に所属していない薬局を検索"
          placeholder="薬局名・薬局コード・住所"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          sx={{ minWidth: 320 }}
        />
        <Button type="submit" variant="contained">
          検索
        </Button>
      </Box>

      {query !== undefined && (
        <Box sx={{ mb: 3 }}>
          <Typography variant="subtitle2" gutterBottom>
            検索結果{candidates.total != null ? `（${candidates.total}件）` : ''}
          </Typography>
          {candidates.data?.length === 0 ? (
            <Typography color="text.secondary">薬局が見つかりません</Typography>
          ) : (
            <PharmacyMembershipTable
              label="検索結果"
              rows={candidates.data ?? []}
              member={false}
              action={(row) => (
                <Button size="small" variant="outlined" disabled={membership.isPending} onClick={() => membership.mutate({ row, add: true })}>
                  追加
                </Button>
              )}
            />
          )}
          <PageLinkBar page={page} totalPages={Math.ceil((candidates.total ?? 0) / SERVER_PAGE_SIZE)} onPage={setPage} />
        </Box>
      )}

      <Typography variant="subtitle2" gutterBottom>
        所属薬局（{members.length}件）
      </Typography>
      {members.length === 0 ? (
        <Typography color="text.secondary">所属している薬局はありません</Typography>
      ) : (
        <PharmacyMembershipTable
          label="所属薬局"
          rows={members}
          member
          action={(row) => (
            <Button size="small" color="error" disabled={membership.isPending} onClick={() => setRemoving(row)}>
              削除
            </Button>
          )}
        />
      )}
      <Confirm
        isOpen={!!removing}
        title={removing ? `${removing.name}を会社から外す` : ''}
        content="app.confirm.delete"
        confirm="ra.action.delete"
        onConfirm={() => {
          if (removing) membership.mutate({ row: removing, add: false });
          setRemoving(undefined);
        }}
        onClose={() => setRemoving(undefined)}
      />
    </Box>
  );
};

export default CompanyPharmaciesTab;

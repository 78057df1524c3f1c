import { useCallback, useRef, useState, type FormEvent } from 'react';
import { DataTable, LinkBase, ListBase, useNotify, useRecordContext, type RaRecord } from 'react-admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PharmacyUser } from '../../dataProvider/methods/users';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';
import { SafeConfirm } from '../../app/SafeConfirm';
import { InlineLoading } from '../../app/InlineLoading';
import { TEXTS } from '../../i18n/texts';
import { serverMessages } from '../schema/shared/serverErrors';
import { FieldValue } from '../schema/shared/FieldValue';
import { PageLinks } from '../schema/list/PageLinks';
import { useResourceDeclaration } from '../schema/shared/useResourceDeclaration';
import { specPath } from '../../lib/specPaths';
import { useCapabilities } from '../../app/capabilities';
import { listTakes } from '../../dataProvider/listParameters';
import { PHARMACY_USERS_PATH } from '../../dataProvider/methods/users';
import { KeepInPage } from '../schema/shared/KeepInPage';
import { moveDoneMessage, moveLabel, movesFrom, PERMISSION_LABELS, type Membership, type MembershipMove } from './permissions';

const everyUser = () => true;

interface Change {
  user: { id: RaRecord['id']; name: string };
  move: MembershipMove;
}

const SearchBox = ({ label, onSearch }: { label: string; onSearch: (query: string) => void }) => {
  const [draft, setDraft] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <Box component="form" role="search" aria-label={label} onSubmit={submit} sx={{ display: 'flex', gap: 1, mb: 2, alignItems: 'center' }}>
      <TextField size="small" label={label} placeholder="名前・メールアドレス" value={draft} onChange={(event) => setDraft(event.target.value)} sx={{ minWidth: 320 }} />
      <Button type="submit" variant="contained">
        検索
      </Button>
    </Box>
  );
};

const MoveButtons = ({ user, current, busy, onMove }: { user: Change['user']; current: Membership; busy: boolean; onMove: (change: Change) => void }) => (
  <Stack direction="row" spacing={1}>
    {movesFrom(current).map((move) => (
      <Button
        key={moveLabel(move)}
        size="small"
        variant={move.kind === 'leave' ? 'text' : 'outlined'}
        color={move.kind === 'leave' ? 'error' : 'primary'}
        disabled={busy}
        aria-label={`${user.name}を${moveLabel(move)}`}
        onClick={() => onMove({ user, move })}
      >
        {moveLabel(move)}
      </Button>
    ))}
  </Stack>
);

/**
 * A pharmacy's ユーザー tab (spec section 2): its users with their permission, a search among
 * them, switching read and write, leaving (confirmed), and adding pharmacy users found by a
 * search with either permission. Each change keeps the identity store in step on the server.
 */
const PharmacyUsersTab = () => {
  const pharmacy = useRecordContext<{ id: RaRecord['id']; name?: string }>();
  const users = useResourceDeclaration('v2/core/users');
  const dataProvider = usePortalDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [memberQuery, setMemberQuery] = useState('');
  const [page, setPage] = useState(1);
  const [candidateQuery, setCandidateQuery] = useState<string>();
  const [leaving, setLeaving] = useState<Change>();
  const membersHeading = useRef<HTMLHeadingElement>(null);
  const pharmacyId = pharmacy?.id;
  const capabilities = useCapabilities();
  // Without `query` on a pharmacy's users (listSearch, an addition) the tab lists them page by page, unsearched.
  const membersSearch = listTakes(PHARMACY_USERS_PATH, 'query', capabilities);

  const members = useQuery({
    queryKey: ['pharmacyUsers', pharmacyId, memberQuery, page],
    queryFn: ({ signal }) => dataProvider.getPharmacyUsers(pharmacyId!, { query: memberQuery || undefined, page, signal }),
    enabled: pharmacyId !== undefined,
    placeholderData: keepPreviousData,
  });
  // Without the membership filters (an addition) the users' own search, less, in the page, those
  // who are not pharmacy users or are among this pharmacy's users shown above (a user row does not
  // say its pharmacies; one further down the members' pages is offered, and adding sets the
  // permission, section 4's switch).
  const serverFilters = capabilities.has('membershipFilters');
  const shownMembers = members.data?.data;
  const keepCandidate = useCallback(
    (user: RaRecord) => user.role === 'pharmacy' && !(shownMembers ?? []).some((member) => member.id === user.id),
    [shownMembers],
  );

  const change = useMutation({
    mutationFn: ({ user, move }: Change) =>
      move.kind === 'leave'
        ? dataProvider.removePharmacyUser(pharmacyId!, user.id)
        : dataProvider.setPharmacyUserPermission(pharmacyId!, user.id, move.permission),
    onSuccess: (_result, { user, move }) => {
      notify(moveDoneMessage(user.name, move), { type: 'success' });
      membersHeading.current?.focus();
      return queryClient.invalidateQueries();
    },
    onError: (error) => notify(serverMessages(error).join('\n'), { type: 'error', multiLine: true }),
  });

  if (!pharmacy) return null;
  const onMove = (next: Change) => (next.move.kind === 'leave' ? setLeaving(next) : change.mutate(next));
  const rows: PharmacyUser[] = members.data?.data ?? [];

  return (
    <Box sx={{ px: 2, pb: 2, display: 'grid', gap: 2 }}>
      <section aria-labelledby="pharmacy-users-heading">
        <Typography id="pharmacy-users-heading" ref={membersHeading} tabIndex={-1} variant="subtitle1" component="h2" gutterBottom>
          所属ユーザー（{members.data?.total ?? 0}件）
        </Typography>
        {membersSearch && (
          <SearchBox
            label="所属ユーザーを検索"
            onSearch={(query) => {
              setMemberQuery(query);
              setPage(1);
            }}
          />
        )}
        {members.isPending ? (
          <InlineLoading />
        ) : members.isError ? (
          <Typography role="alert" color="error">
            {serverMessages(members.error).join(' ')}
          </Typography>
        ) : rows.length === 0 ? (
          <Typography sx={{ p: 2 }}>{memberQuery ? TEXTS.noUsers : '所属しているユーザーはいません'}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="所属ユーザー">
              <TableHead>
                <TableRow>
                  <TableCell>ID</TableCell>
                  <TableCell>名前</TableCell>
                  <TableCell>メールアドレス</TableCell>
                  <TableCell>権限</TableCell>
                  <TableCell>操作</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((user) => (
                  <TableRow key={user.id}>
                    <TableCell>{user.id}</TableCell>
                    <TableCell>{user.name}</TableCell>
                    <TableCell>{user.email}</TableCell>
                    <TableCell>
                      <Chip size="small" color={user.permission === 'write' ? 'primary' : 'default'} label={PERMISSION_LABELS[user.permission]} />
                    </TableCell>
                    <TableCell>
                      <MoveButtons user={user} current={user.permission} busy={change.isPending} onMove={onMove} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        {members.data && members.data.totalPages > 1 && (
          <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
            <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              前へ
            </Button>
            <Typography variant="body2">
              {members.data.currentPage} / {members.data.totalPages}
            </Typography>
            <Button size="small" disabled={page >= members.data.totalPages} onClick={() => setPage(page + 1)}>
              次へ
            </Button>
          </Stack>
        )}
      </section>

      <section aria-labelledby="pharmacy-users-add-heading">
        <Typography id="pharmacy-users-add-heading" variant="subtitle1" component="h2" gutterBottom>
          ユーザーを追加
        </Typography>
        <SearchBox label="この薬局に所属していない薬局ユーザーを検索" onSearch={setCandidateQuery} />
        <Button component={LinkBase} to={`${specPath.create(users.name)}/pharmacy?pharmacyId=${encodeURIComponent(String(pharmacy.id))}`} size="small" sx={{ mb: 1 }}>
          この薬局の薬局ユーザーを新規作成
        </Button>
        {candidateQuery !== undefined && (
          <ListBase
            resource={users.name}
            filter={serverFilters ? { role: 'pharmacy', withoutPharmacyId: pharmacy.id, query: candidateQuery } : { query: candidateQuery }}
            sort={{ field: 'id', order: 'ASC' }}
            disableSyncWithLocation
            storeKey={false}
          >
            <KeepInPage keep={serverFilters ? everyUser : keepCandidate}>
              <DataTable rowClick={false} bulkActionButtons={false} aria-label="ユーザーの検索結果" empty={<Typography sx={{ p: 2 }}>{TEXTS.noUsers}</Typography>}>
                {(['id', 'name', 'email'] as const).map((source) => (
                  <DataTable.Col key={source} source={source} disableSort>
                    <FieldValue source={source} field={users.fields[source]} truncate />
                  </DataTable.Col>
                ))}
                <DataTable.Col
                  label="操作"
                  disableSort
                  render={(user: RaRecord) => <MoveButtons user={{ id: user.id, name: String(user.name) }} current={null} busy={change.isPending} onMove={onMove} />}
                />
              </DataTable>
            </KeepInPage>
            <PageLinks />
          </ListBase>
        )}
      </section>

      <SafeConfirm
        isOpen={!!leaving}
        title={leaving ? `${leaving.user.name}を薬局から外す` : ''}
        content="app.confirm.delete"
        confirm="ra.action.delete"
        onConfirm={() => {
          if (leaving) change.mutate(leaving);
          setLeaving(undefined);
        }}
        onClose={() => setLeaving(undefined)}
      />
    </Box>
  );
};

export default PharmacyUsersTab;

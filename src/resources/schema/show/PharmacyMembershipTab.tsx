import { useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  DataTable,
  ListBase,
  ListContextProvider,
  ResourceContextProvider,
  useList,
  useNotify,
  useRecordContext,
  useStore,
  type RaRecord,
} from 'react-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AnyResourceDeclaration, MembersDeclaration, MembershipDeclaration } from '../../types';
import { useFindDeclaration } from '../shared/DeclarationsContext';
import { FieldValue } from '../shared/FieldValue';
import { PageLinks } from '../list/PageLinks';
import { serverMessages } from '../shared/serverErrors';
import { TEXTS } from '../../../i18n/texts';
import { usePortalDataProvider } from '../../../app/usePortalDataProvider';
import { useActiveTab } from './activeTab';
import { SafeConfirm } from '../../../app/SafeConfirm';
import { useCapabilities } from '../../../app/capabilities';
import { KeepInPage } from '../shared/KeepInPage';

const everyRow = () => true;

/** Members are pharmacies (of a company, of a group) unless the declaration says otherwise. */
const PHARMACY_MEMBERS: MembersDeclaration = {
  resource: 'v2/core/pharmacies',
  key: 'pharmacies',
  columns: ['id', 'name', 'micode', 'address1', 'createdAt'],
  noun: '薬局',
  placeholder: '薬局名・薬局コード・住所',
};

const MemberTable = ({
  declaration,
  columns,
  label,
  member,
  action,
  emptyText,
}: {
  declaration: AnyResourceDeclaration;
  columns: readonly string[];
  label: string;
  member: boolean;
  action: (row: RaRecord) => ReactNode;
  emptyText: string;
}) => (
  <DataTable rowClick={false} bulkActionButtons={false} aria-label={label} empty={<Typography sx={{ p: 2 }}>{emptyText}</Typography>}>
    {columns.map((source) => (
      <DataTable.Col key={source} source={source} disableSort>
        <FieldValue source={source} field={declaration.fields[source]} truncate />
      </DataTable.Col>
    ))}
    <DataTable.Col label="状態" disableSort render={() => (member ? <Chip size="small" color="success" label={TEXTS.member} /> : null)} />
    <DataTable.Col label="操作" disableSort render={action} />
  </DataTable>
);

/**
 * What belongs to the current record (pharmacies of a company or a group, groups of a
 * pharmacy), members first, then a search for those that may join. Joining and leaving are named
 * data provider methods (the declaration's `membership`), so the tab knows no endpoint.
 */
export const PharmacyMembershipTab = ({ membership }: { membership: MembershipDeclaration }) => {
  const owner = useRecordContext<{ id: RaRecord['id'] } & Record<string, unknown>>();
  const members = membership.members ?? PHARMACY_MEMBERS;
  const declaration = useFindDeclaration()(members.resource);
  if (!declaration) throw new Error(`membership of undeclared resource ${members.resource}`);
  const { noun } = members;
  const dataProvider = usePortalDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  // The search survives a tab switch: it is kept per record in react-admin's store.
  const [query, setQuery] = useStore<string | undefined>(`membership.${membership.add}.${owner?.id}.query`);
  const [draft, setDraft] = useState(query ?? '');
  const [leaving, setLeaving] = useState<RaRecord>();
  const memberList = useList({ data: (owner?.[members.key] as RaRecord[] | undefined) ?? [], perPage: 1000 });
  // After 追加 or 削除 the clicked row is gone: focus goes to the member list, which just changed.
  const membersHeading = useRef<HTMLHeadingElement>(null);
  // Without the membership filters (an addition) the search is the list's own, and those that
  // cannot join are left out of the page it answers: the members, and the rows held elsewhere.
  const serverFilters = useCapabilities().has('membershipFilters');
  const { heldBy } = membership;
  const keep = useCallback(
    (row: RaRecord) => !memberList.data?.some((member) => member.id === row.id) && (heldBy === undefined || row[heldBy] === null || row[heldBy] === undefined),
    [memberList.data, heldBy],
  );

  const change = useMutation({
    mutationFn: ({ row, join }: { row: RaRecord; join: boolean }) =>
      dataProvider[join ? membership.add : membership.remove](owner!.id, row.id),
    onSuccess: (_result, { row, join }) => {
      notify(join ? `${row.name}を追加しました。` : `${row.name}を削除しました。`, { type: 'success' });
      membersHeading.current?.focus();
      return queryClient.invalidateQueries();
    },
    onError: (error) => notify(serverMessages(error).join('\n'), { type: 'error', multiLine: true }),
  });

  if (!owner) return null;
  const candidateFilter = Object.fromEntries(
    Object.entries(membership.candidateFilter).map(([key, value]) => [key, value === '{id}' ? owner.id : value]),
  );
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery(draft.trim());
  };

  return (
    <Box sx={{ px: 2, pb: 2, display: 'grid', gap: 2 }}>
      <section aria-labelledby="members-heading">
        <Typography id="members-heading" ref={membersHeading} tabIndex={-1} variant="subtitle1" component="h2" gutterBottom>
          所属{noun}（{memberList.total ?? 0}件）
        </Typography>
        <ResourceContextProvider value={declaration.name}>
          <ListContextProvider value={memberList}>
            <MemberTable
              declaration={declaration}
              columns={members.columns}
              label={`所属${noun}`}
              emptyText={`所属している${noun}はありません`}
              member
              action={(row) => (
                <Button size="small" color="error" disabled={change.isPending} onClick={() => setLeaving(row)}>
                  削除
                </Button>
              )}
            />
          </ListContextProvider>
        </ResourceContextProvider>
      </section>

      <section aria-labelledby="candidates-heading">
        <Typography id="candidates-heading" variant="subtitle1" component="h2" gutterBottom>
          {noun}を追加
        </Typography>
        <Box component="form" role="search" onSubmit={search} sx={{ display: 'flex', gap: 1, mb: 2, alignItems: 'center' }}>
          <TextField
            size="small"
            label={membership.searchLabel}
            placeholder={members.placeholder}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            sx={{ minWidth: 360 }}
          />
          <Button type="submit" variant="contained">
            検索
          </Button>
        </Box>
        {query !== undefined && (
          <ListBase
            resource={declaration.name}
            filter={serverFilters ? { ...candidateFilter, query } : { query }}
            sort={{ field: 'id', order: 'ASC' }}
            disableSyncWithLocation
            storeKey={false}
          >
            <KeepInPage keep={serverFilters ? everyRow : keep}>
              <MemberTable
                declaration={declaration}
                columns={members.columns}
                label="検索結果"
                emptyText={`${noun}が見つかりません`}
                member={false}
                action={(row) => (
                  <Button size="small" variant="outlined" disabled={change.isPending} onClick={() => change.mutate({ row, join: true })}>
                    追加
                  </Button>
                )}
              />
            </KeepInPage>
            <PageLinks />
          </ListBase>
        )}
      </section>

      <SafeConfirm
        isOpen={!!leaving}
        title={leaving ? (members.ownerJoins ? `${String(owner.name)}を${leaving.name}から外す` : `${leaving.name}を${membership.ownerLabel}から外す`) : ''}
        content="app.confirm.delete"
        confirm="ra.action.delete"
        onConfirm={() => {
          if (leaving) change.mutate({ row: leaving, join: false });
          setLeaving(undefined);
        }}
        onClose={() => setLeaving(undefined)}
      />
    </Box>
  );
};

/** The tab as a lazy view: its membership comes from the declared tab being shown. */
const DeclaredMembershipTab = () => {
  const { membership } = useActiveTab();
  return membership ? <PharmacyMembershipTab membership={membership} /> : null;
};

export default DeclaredMembershipTab;

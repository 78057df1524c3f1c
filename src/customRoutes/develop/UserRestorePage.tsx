import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';
import { serverMessages } from '../../resources/schema/shared/serverErrors';
import { restoreSummary, sameIds, type RestoreResult } from './restoreSummary';
import { Screen } from '../../app/Screen';
import { pharmacies } from '../../resources/pharmacies';
import { ReferenceNames } from '../../resources/schema/shared/ReferenceValue';

export const RESTORE_ERROR_MESSAGE = 'ユーザー復元に失敗しました。';

const IdList = ({ title, ids }: { title: string; ids: number[] }) => (
  <Card component="section" aria-label={title}>
    <CardHeader title={title} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
    <CardContent sx={{ pt: 0 }}>
      {ids.length === 0 ? (
        <Typography color="text.secondary">なし</Typography>
      ) : (
        <Stack component="ul" direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 1, m: 0, p: 0, listStyle: 'none' }}>
          {/* Each pharmacy by name, linked; both lists' lookups go out as one ids= call. */}
          {ids.map((id) => (
            <li key={id}>
              <ReferenceNames resource={pharmacies.name} ids={[id]} />
            </li>
          ))}
        </Stack>
      )}
    </CardContent>
  </Card>
);

/**
 * User restore (spec section 2): on open it calls restore, which sets the identity provider's
 * pharmacy ids from the database, and shows both lists as they were before.
 */
const UserRestorePage = () => {
  const { restoreUser } = usePortalDataProvider();
  // A query, not an effect: one call per visit even when React mounts the screen twice.
  const { data, isPending, isError, error } = useQuery({
    queryKey: ['develop', 'user-restore'],
    queryFn: async () => (await restoreUser()) as RestoreResult,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  return (
    <Screen title="ユーザー復元">
      <Typography color="text.secondary">
        サインイン中のユーザーについて、認証基盤の薬局IDをデータベースの薬局IDに合わせます。表示しているのは復元前の値です。
      </Typography>
      {isPending ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} role="status">
          <CircularProgress size={16} />
          <Typography variant="body2" color="text.secondary">
            復元しています…
          </Typography>
        </Box>
      ) : isError ? (
        <Alert severity="error" role="alert">
          {RESTORE_ERROR_MESSAGE}
          {serverMessages(error).map((message) => (
            <Box key={message}>{message}</Box>
          ))}
        </Alert>
      ) : (
        <>
          <Alert severity={sameIds(data.auth0PharmacyIds, data.dbPharmacyIds) ? 'info' : 'success'} role="status">
            {restoreSummary(data)}
          </Alert>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <IdList title="認証基盤の薬局ID" ids={data.auth0PharmacyIds ?? []} />
            <IdList title="データベースの薬局ID" ids={data.dbPharmacyIds ?? []} />
          </Box>
        </>
      )}
    </Screen>
  );
};

export default UserRestorePage;

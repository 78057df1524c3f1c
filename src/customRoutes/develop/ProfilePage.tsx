import { useGetIdentity } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { InlineLoading } from '../../app/InlineLoading';
import { CodeBlock } from './CodeBlock';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';
import { serverMessages } from '../../resources/schema/shared/serverErrors';
import { prettyJson } from './prettyJson';
import { Screen } from '../../app/Screen';

/** Profile (spec section 2): picture, name and e-mail from the sign-in, and the core's user object. */
const ProfilePage = () => {
  const { getMe } = usePortalDataProvider();
  const identity = useGetIdentity();
  const me = useQuery({
    queryKey: ['develop', 'users-me'],
    queryFn: getMe,
    retry: false,
  });
  const name = identity.data?.fullName;
  const email = identity.data?.email as string | undefined;

  return (
    <Screen title="プロフィール">
      <Card>
        <CardContent>
          {identity.isPending ? (
            <InlineLoading />
          ) : (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Avatar src={identity.data?.picture as string | undefined} alt={name ?? ''} sx={{ width: 72, height: 72 }}>
                {name?.slice(0, 1)}
              </Avatar>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="h6" component="p" data-testid="profile-name">
                  {name ?? '（名前なし）'}
                </Typography>
                <Typography color="text.secondary" data-testid="profile-email" sx={{ overflowWrap: 'anywhere' }}>
                  {email ?? '（メールアドレスなし）'}
                </Typography>
              </Box>
            </Stack>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader title="ユーザー情報" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
        <CardContent sx={{ pt: 0 }}>
          {me.isPending ? (
            <InlineLoading />
          ) : me.isError ? (
            <Alert severity="error" role="alert">
              ユーザー情報を取得できませんでした。{serverMessages(me.error).join(' ')}
            </Alert>
          ) : (
            <CodeBlock testId="profile-user">{prettyJson(me.data)}</CodeBlock>
          )}
        </CardContent>
      </Card>
    </Screen>
  );
};

export default ProfilePage;

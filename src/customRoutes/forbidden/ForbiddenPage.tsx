import { useLogout } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';
import { useDocumentTitle } from '../../layout/documentTitle';

export const FORBIDDEN_TITLE = '403 アクセス権限がありません';

/** The explanation, sentence by sentence: joined without the spaces JSX line breaks would add. */
export const FORBIDDEN_SENTENCES = [
  'このページにアクセスする権限がありません。',
  'ログインしているアカウントが間違っているか、権限が削除された可能性があります。',
  '管理者にお問い合わせください。',
] as const;

/** 403: the account has no access to the portal (spec section 2). */
const ForbiddenPage = () => {
  const logout = useLogout();
  useDocumentTitle(FORBIDDEN_TITLE);
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Card sx={{ maxWidth: 520 }}>
        <CardContent sx={{ textAlign: 'center', p: 4 }}>
          <BlockIcon color="error" sx={{ fontSize: 56 }} aria-hidden />
          <Typography variant="h5" component="h1" gutterBottom>
            {FORBIDDEN_TITLE}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="forbidden-message">
            {FORBIDDEN_SENTENCES.join('')}
          </Typography>
          <Button variant="contained" onClick={() => logout()}>
            ログアウト
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
};

export default ForbiddenPage;

import { LinkBase, Title } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** 404: no screen at this URL. Its h1 (ページが見つかりません) is the layout's, filled by <Title>. */
const NotFoundPage = () => (
  <Box sx={{ textAlign: 'center', py: 8 }}>
    <Title title="ページが見つかりません" />
    <Typography variant="h2" component="p" color="text.secondary">
      404
    </Typography>
    <Typography color="text.secondary" sx={{ mb: 2 }}>
      URLが間違っているか、ページが移動または削除された可能性があります。
    </Typography>
    <Button variant="contained" component={LinkBase} to="/">
      ホームへ戻る
    </Button>
  </Box>
);

export default NotFoundPage;

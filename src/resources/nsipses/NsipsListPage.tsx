import { Title } from 'react-admin';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { NsipsPharmacySelector } from './NsipsPharmacySelector';

/** `/v2/core/nsipses`: files belong to a pharmacy, so the list starts by choosing one. */
const NsipsListPage = () => (
  <>
    <Title title="NSIPS一覧" />
    <Card sx={{ mt: 1 }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <NsipsPharmacySelector />
        <Typography variant="body2" color="text.secondary">
          薬局を選ぶと、その薬局のNSIPSファイルを一覧します。
        </Typography>
      </CardContent>
    </Card>
  </>
);

export default NsipsListPage;

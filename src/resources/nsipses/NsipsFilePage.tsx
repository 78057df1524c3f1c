import { LinkBase, Title } from 'react-admin';
import { useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { NsipsFileCard } from './NsipsFileCard';
import { nsipsPharmacyRoute } from './nsipsText';
import { pharmacies } from '../pharmacies';
import { ReferenceNames } from '../schema/shared/ReferenceValue';

/** `/v2/core/nsipses/{id}/{filename}`: one file, decoded as CP932, with its original bytes to download. */
const NsipsFilePage = () => {
  const { id = '', filename = '' } = useParams();
  return (
    <>
      <Title title={filename} />
      <Box sx={{ mb: 1, display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
        <Button component={LinkBase} to={nsipsPharmacyRoute(id)} startIcon={<ArrowBackIcon />}>
          この薬局のNSIPS一覧へ
        </Button>
        <Typography variant="body2" component="p">
          薬局: <ReferenceNames resource={pharmacies.name} ids={[id]} />
        </Typography>
      </Box>
      <NsipsFileCard pharmacyId={id} filename={filename} />
    </>
  );
};

export default NsipsFilePage;

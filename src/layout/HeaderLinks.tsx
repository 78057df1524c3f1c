import { LinkBase } from 'react-admin';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useRuntime } from '../app/RuntimeContext';

/** The header's shortcuts: JWT and pharmacy info inside the portal, the two apps outside it. */
export const HeaderLinks = () => {
  const { environment } = useRuntime();
  const external = { target: '_blank', rel: 'noopener noreferrer', endIcon: <OpenInNewIcon fontSize="small" /> };
  return (
    <Stack direction="row" spacing={0.5} sx={{ display: { xs: 'none', md: 'flex' } }} component="nav" aria-label="ヘッダーリンク">
      <Button color="inherit" size="small" component={LinkBase} to="/develop/jwt">
        JWT
      </Button>
      <Button color="inherit" size="small" component={LinkBase} to="/v2/core/pharmacies">
        薬局情報
      </Button>
      <Button color="inherit" size="small" href={environment.orderingAppUrl} {...external}>
        発注アプリ
      </Button>
      <Button color="inherit" size="small" href={environment.sharingAppUrl} {...external}>
        共有アプリ
      </Button>
    </Stack>
  );
};

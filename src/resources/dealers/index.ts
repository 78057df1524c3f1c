import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { DEALER_SHAPE } from '../../contract/masters/dealers';
import { masterResource } from '../masterResource';

/** Wholesalers (卸): a read-only plain master; the palette also finds one by its code. */
export const dealers = masterResource(DEALER_SHAPE, {
  icon: LocalShippingIcon,
  // The dealers' search looks a 4-6 digit code up by equality first.
  palette: { codes: [{ field: 'code', shape: 'dealerCode' }], detail: ['code', 'prefectureName'] },
});

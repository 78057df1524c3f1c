import { useRecordContext } from 'react-admin';
import Chip from '@mui/material/Chip';
import { daysLeft, daysLeftText } from './daysLeft';

/** Within this many days a licence is soon to expire (the manuals' monthly check looks 3 months ahead). */
export const SOON_DAYS = 90;

export type ExpiryState = 'expired' | 'soon' | 'valid';

export const expiryState = (days: number): ExpiryState => (days <= 0 ? 'expired' : days <= SOON_DAYS ? 'soon' : 'valid');

/** The Alert palette's text on its background: AA contrast, and the words say it without the colour. */
const COLOURS: Record<Exclude<ExpiryState, 'valid'>, { backgroundColor: string; color: string; borderColor: string }> = {
  expired: { backgroundColor: '#fdeded', color: '#5f2120', borderColor: '#d32f2f' },
  soon: { backgroundColor: '#fff4e5', color: '#663c00', borderColor: '#ed6c02' },
};

/**
 * 残り日数 in the licence expiry list: an expired licence (or one on its last day) and one
 * expiring within 90 days show as a coloured chip whose words say which (期限切れ…, 本日まで, 残りN日);
 * a later one is plain text.
 */
export const DaysLeftChip = () => {
  const record = useRecordContext();
  const days = daysLeft(record?.expiresOn);
  const text = daysLeftText(days);
  if (days === undefined || !text) return null;
  const state = expiryState(days);
  if (state === 'valid') return <span>{text}</span>;
  return <Chip size="small" variant="outlined" label={text} data-expiry={state} sx={{ ...COLOURS[state], fontWeight: 600 }} />;
};

import { useDataProvider } from 'react-admin';
import type { CsPortalDataProvider } from '../dataProvider';

/** Calls outside react-admin's CRUD verbs go through the data provider's `send` (same rules). */
export const useApi = () => useDataProvider<CsPortalDataProvider>().send;

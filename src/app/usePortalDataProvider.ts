import { useDataProvider } from 'react-admin';
import type { CsPortalDataProvider } from '../dataProvider';

/**
 * The data provider with its named methods (src/dataProvider/methods/): screens call
 * `dataProvider.addGroupPharmacy(groupId, pharmacyId)`, `getMe()`, `uploadThroughPresignedUrl(...)`,
 * never a path. A call the provider does not have yet becomes a new method there.
 */
export const usePortalDataProvider = () => useDataProvider<CsPortalDataProvider>();

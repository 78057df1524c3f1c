import { Navigate, Route } from 'react-router-dom';
import { lazyPage } from '../app/lazyPage';

const ForbiddenPage = lazyPage(() => import('./forbidden/ForbiddenPage'));
const DevelopMenuPage = lazyPage(() => import('./develop/DevelopMenuPage'));
const JwtPage = lazyPage(() => import('./develop/JwtPage'));
const ProfilePage = lazyPage(() => import('./develop/ProfilePage'));
const UserRestorePage = lazyPage(() => import('./develop/UserRestorePage'));
const InquiriesPage = lazyPage(() => import('./inquiries/InquiriesPage'));
const StockDiffPage = lazyPage(() => import('./stocks/StockDiffPage'));
const StockFixPage = lazyPage(() => import('./stocks/StockFixPage'));
const MasterSourcesIndex = lazyPage(() => import('./masterSources/MasterSourcesIndex'));
const HotCodePage = lazyPage(() => import('./masterSources/HotCodePage'));
const ReceiptCodePage = lazyPage(() => import('./masterSources/ReceiptCodePage'));
const StockableItemSearchPage = lazyPage(() => import('./masterSources/StockableItemSearchPage'));

/** Screens outside the layout (no sidebar): the 403 page. */
export const noLayoutRoutes = [<Route key="forbidden" path="/forbidden" element={<ForbiddenPage />} />];

/** Custom screens inside the layout; developer tools and the other non-master screens join here. */
export const appRoutes: React.ReactElement[] = [
  <Route key="inquiries" path="/v2/core/inquiries" element={<InquiriesPage />} />,
  <Route key="develop" path="/develop" element={<DevelopMenuPage />} />,
  <Route key="develop-jwt" path="/develop/jwt" element={<JwtPage />} />,
  <Route key="develop-profile" path="/develop/profile" element={<ProfilePage />} />,
  <Route key="develop-user-restore" path="/develop/user-restore" element={<UserRestorePage />} />,
  <Route key="stocks-diff" path="/v1/medorder/stocks/diff" element={<StockDiffPage />} />,
  <Route key="stocks-fix" path="/v1/medorder/stocks/fix" element={<StockFixPage />} />,
  <Route key="master-sources" path="/v2/core/master_sources" element={<MasterSourcesIndex />} />,
  <Route key="master-sources-hot-code" path="/v2/core/master_sources/hot_codes/:hotCode" element={<HotCodePage />} />,
  <Route key="master-sources-receipt-code" path="/v2/core/master_sources/receipt_codes/:receiptCode" element={<ReceiptCodePage />} />,
  <Route key="master-sources-stockable-items" path="/v2/core/master_sources/stockable_items" element={<StockableItemSearchPage />} />,
  <Route key="v1-medorder" path="/v1/medorder" element={<Navigate to="/v1/medorder/stocks/fix" replace />} />,
];

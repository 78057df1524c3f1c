import { Route } from 'react-router-dom';
import { lazyPage } from '../app/lazyPage';

const ForbiddenPage = lazyPage(() => import('./forbidden/ForbiddenPage'));

/** Screens outside the layout (no sidebar): the 403 page. */
export const noLayoutRoutes = [<Route key="forbidden" path="/forbidden" element={<ForbiddenPage />} />];

/** Custom screens inside the layout; developer tools and the other non-master screens join here. */
export const appRoutes: React.ReactElement[] = [];

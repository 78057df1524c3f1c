import { useEffect, type ReactNode } from 'react';
import { useCanAccess } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import GlobalStyles from '@mui/material/GlobalStyles';
import { AppHeader } from './AppHeader';
import { AppSidebar } from './AppSidebar';
import { AppFrame } from './AppFrame';
import { AppMenu } from './AppMenu';
import { PageHeading } from './PageHeading';
import { ListStylesAhead } from './ListStylesAhead';
import { useFocusHeadingOnNavigate } from '../app/useFocusHeadingOnNavigate';
import { PaletteProvider } from '../features/palette/PaletteProvider';
import { InquiryLiveProvider } from '../customRoutes/inquiries/InquiryLiveProvider';

/** The spec's "scroll to top on navigation". */
const ScrollToTop = () => {
  const { pathname } = useLocation();
  useEffect(() => {
    // Braces matter: recent Chromium's scrollTo returns a Promise, which React would take as a cleanup.
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
};

/**
 * The portal is for support and admin staff: a signed-in user without the admin role (a pharmacy
 * account) sees the 403 page on every screen, custom ones included. The rule is the
 * authProvider's `canAccess` (react-admin also applies it to every resource page, with
 * `<Admin accessDenied>`); the API enforces the same.
 */
const AdminOnly = ({ children }: { children: ReactNode }) => {
  const { canAccess, isPending } = useCanAccess({ resource: 'cs-portal', action: 'access' });
  if (isPending) return null;
  if (!canAccess) return <Navigate to="/forbidden" replace />;
  return <>{children}</>;
};

/** After a change of screen, focus goes to the new screen's h1 (not left on <body> or the sidebar). */
const FocusHeadingOnNavigate = () => {
  useFocusHeadingOnNavigate();
  return null;
};

export const AppLayout = ({ children }: { children: ReactNode }) => (
  <AdminOnly>
    <ScrollToTop />
    {/* A focused element scrolled into view stops below the fixed header, not under it. */}
    <GlobalStyles styles={{ html: { scrollPaddingTop: '4rem' } }} />
    {/* The header stays: hidden on scroll, Tab walked into it unseen (and focus fell to <body> when it finished hiding). */}
    {/* The jump palette (Ctrl+K / ⌘K) on every screen; the header holds its button. */}
    {/* New pharmacy messages on every screen (tab title, sidebar badge, desktop notification):
        one rooms subscription per tab, staff only (inside AdminOnly), closed on sign-out. */}
    <InquiryLiveProvider>
      <PaletteProvider>
        <AppFrame appBar={AppHeader} menu={AppMenu} sidebar={AppSidebar}>
          <PageHeading />
          <FocusHeadingOnNavigate />
          {children}
          {/* The generated lists' styles, written while the page is idle, before a list is opened. */}
          <ListStylesAhead />
        </AppFrame>
      </PaletteProvider>
    </InquiryLiveProvider>
  </AdminOnly>
);

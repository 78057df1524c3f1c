import { Suspense, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Error as ErrorPage, LayoutClasses, Loading, SkipNavigationButton } from 'react-admin';
import { styled } from '@mui/material/styles';

/**
 * react-admin's Layout without its preferences Inspector. The portal has no configurable
 * components, so the Inspector never opens; but it renders on every render of the layout, and
 * its default position reads `document.body.clientWidth` while rendering, which forces the
 * browser to compute style and layout in the middle of React's render: 27-45 ms of the cold
 * visit's longest task on the 2-core machine (issue 38's profile of the inquiries screen).
 * Everything else is react-admin's: the skip link, the header, the sidebar with the menu, the
 * error boundary and the Suspense fallback, with the same `RaLayout-*` classes, so the theme's
 * overrides and react-admin's own styles still apply. A configurable component (react-admin's
 * `<Configurable>`, `InspectorButton`) added later needs the Inspector back here.
 */
export const AppFrame = ({
  appBar: AppBar,
  menu: Menu,
  sidebar: Sidebar,
  children,
}: {
  appBar: ComponentType<{ alwaysOn?: boolean }>;
  menu: ComponentType;
  sidebar: ComponentType<{ children: ReactNode; appBarAlwaysOn?: boolean }>;
  children: ReactNode;
}) => {
  const [errorInfo, setErrorInfo] = useState<ErrorInfo | undefined>(undefined);
  return (
    <Root className="layout">
      <SkipNavigationButton />
      <div className={LayoutClasses.appFrame}>
        <AppBar alwaysOn />
        <main className={LayoutClasses.contentWithSidebar}>
          <Sidebar appBarAlwaysOn>
            <Menu />
          </Sidebar>
          <div id="main-content" className={LayoutClasses.content}>
            <ErrorBoundary
              onError={(_error, info) => setErrorInfo(info)}
              fallbackRender={({ error, resetErrorBoundary }) => <ErrorPage error={error} errorInfo={errorInfo} resetErrorBoundary={resetErrorBoundary} />}
            >
              <Suspense fallback={<Loading />}>{children}</Suspense>
            </ErrorBoundary>
          </div>
        </main>
      </div>
    </Root>
  );
};

/** react-admin's Layout root (ra-ui-materialui/src/layout/Layout.tsx), named RaLayout for the theme. */
const Root = styled('div', { name: 'RaLayout', overridesResolver: (_props, styles) => styles.root })(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  zIndex: 1,
  minHeight: '100vh',
  backgroundColor: (theme.vars || theme).palette.background.default,
  position: 'relative',
  minWidth: 'fit-content',
  width: '100%',
  [`& .${LayoutClasses.appFrame}`]: {
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    marginTop: theme.spacing(6),
    [theme.breakpoints.down('sm')]: { marginTop: theme.spacing(7) },
  },
  [`& .${LayoutClasses.contentWithSidebar}`]: {
    display: 'flex',
    flexGrow: 1,
    transition: theme.transitions.create('margin', { easing: theme.transitions.easing.easeOut, duration: theme.transitions.duration.enteringScreen }),
  },
  [`& .${LayoutClasses.content}`]: {
    backgroundColor: (theme.vars || theme).palette.background.default,
    zIndex: 2,
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    flexBasis: 0,
    padding: 0,
    [theme.breakpoints.up('xs')]: { paddingRight: theme.spacing(1), paddingLeft: theme.spacing(1) },
  },
}));

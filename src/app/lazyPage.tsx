import { lazy, Suspense, type ComponentType, type FunctionComponent } from 'react';
import { Loading } from 'react-admin';

/**
 * A lazily loaded screen inside its own Suspense boundary, so screens outside the layout (login,
 * 403) show a spinner while their chunk loads, and every screen is its own chunk.
 */
export const lazyPage = (load: () => Promise<{ default: ComponentType }>): FunctionComponent => {
  const Page = lazy(load);
  const LazyPage = () => (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
  return LazyPage;
};

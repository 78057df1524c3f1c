import { forwardRef, useCallback } from 'react';
import {
  reactRouterProvider,
  type RouterLinkProps,
  type RouterNavigateFunction,
  type RouterProvider,
  type RouterTo,
} from 'ra-core';
import { toSpecPath, type RouteCatalogue } from '../lib/specPaths';

/**
 * `toSpecPath` over a fixed catalogue, remembered per path: a list page renders a hundred links
 * and re-renders them on every change of its state. Bounded, as the paths carry record ids.
 */
const memoisedSpecPath = (catalogue: RouteCatalogue) => {
  const known = new Map<string, string>();
  return (path: string) => {
    let translated = known.get(path);
    if (translated === undefined) {
      if (known.size >= 2000) known.clear();
      translated = toSpecPath(path, catalogue);
      known.set(path, translated);
    }
    return translated;
  };
};

const translateTo = (to: RouterTo, specPathOf: (path: string) => string): RouterTo => {
  if (typeof to === 'string') return specPathOf(to);
  if (to && typeof to.pathname === 'string') return { ...to, pathname: specPathOf(to.pathname) };
  return to;
};

/**
 * react-admin's router provider with every Link, Navigate and navigate() call passed through
 * `toSpecPath`, which turns react-admin's `/create` and `/{id}/show` into the spec's URLs (see specPaths.ts).
 */
export const createSpecRouterProvider = (catalogue: RouteCatalogue): RouterProvider => {
  const { Link: BaseLink, Navigate: BaseNavigate, useNavigate: useBaseNavigate } = reactRouterProvider;
  const specPathOf = memoisedSpecPath(catalogue);

  const Link = forwardRef<HTMLAnchorElement, RouterLinkProps>(function SpecLink(props, ref) {
    return <BaseLink {...props} ref={ref} to={translateTo(props.to, specPathOf)} />;
  }) as unknown as RouterProvider['Link'];

  const Navigate: RouterProvider['Navigate'] = (props) => (
    <BaseNavigate {...props} to={translateTo(props.to, specPathOf)} />
  );

  const useNavigate = (): RouterNavigateFunction => {
    const navigate = useBaseNavigate();
    return useCallback<RouterNavigateFunction>(
      (to, options) => {
        if (typeof to === 'number') navigate(to);
        else navigate(translateTo(to, specPathOf), options);
      },
      [navigate],
    );
  };

  return { ...reactRouterProvider, Link, Navigate, useNavigate };
};

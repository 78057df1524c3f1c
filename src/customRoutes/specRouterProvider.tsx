import { forwardRef, useCallback } from 'react';
import {
  reactRouterProvider,
  type RouterLinkProps,
  type RouterNavigateFunction,
  type RouterProvider,
  type RouterTo,
} from 'ra-core';
import { toSpecPath, type RouteCatalogue } from './specPaths';

const translateTo = (to: RouterTo, catalogue: RouteCatalogue): RouterTo => {
  if (typeof to === 'string') return toSpecPath(to, catalogue);
  if (to && typeof to.pathname === 'string') return { ...to, pathname: toSpecPath(to.pathname, catalogue) };
  return to;
};

/**
 * react-admin's router provider with every Link, Navigate and navigate() call passed through
 * `toSpecPath`, which turns react-admin's `/create` and `/{id}/show` into the spec's URLs (see specPaths.ts).
 */
export const createSpecRouterProvider = (catalogue: RouteCatalogue): RouterProvider => {
  const { Link: BaseLink, Navigate: BaseNavigate, useNavigate: useBaseNavigate } = reactRouterProvider;

  const Link = forwardRef<HTMLAnchorElement, RouterLinkProps>(function SpecLink(props, ref) {
    return <BaseLink {...props} ref={ref} to={translateTo(props.to, catalogue)} />;
  }) as unknown as RouterProvider['Link'];

  const Navigate: RouterProvider['Navigate'] = (props) => (
    <BaseNavigate {...props} to={translateTo(props.to, catalogue)} />
  );

  const useNavigate = (): RouterNavigateFunction => {
    const navigate = useBaseNavigate();
    return useCallback<RouterNavigateFunction>(
      (to, options) => {
        if (typeof to === 'number') navigate(to);
        else navigate(translateTo(to, catalogue), options);
      },
      [navigate],
    );
  };

  return { ...reactRouterProvider, Link, Navigate, useNavigate };
};

import { forwardRef, useCallback } from 'react';
import {
  reactRouterProvider,
  type RouterLinkProps,
  type RouterNavigateFunction,
  type RouterProvider,
  type RouterTo,
} from 'ra-core';
import { toSpecPath, type ResourceNames } from './specPaths';

const translateTo = (to: RouterTo, names: ResourceNames): RouterTo => {
  if (typeof to === 'string') return toSpecPath(to, names);
  if (to && typeof to.pathname === 'string') return { ...to, pathname: toSpecPath(to.pathname, names) };
  return to;
};

/**
 * react-admin's router provider with every Link, Navigate and navigate() call translated from
 * react-admin's paths to the spec's route table (see specPaths.ts).
 */
export const createSpecRouterProvider = (resourceNames: ResourceNames): RouterProvider => {
  const { Link: BaseLink, Navigate: BaseNavigate, useNavigate: useBaseNavigate } = reactRouterProvider;

  const Link = forwardRef<HTMLAnchorElement, RouterLinkProps>(function SpecLink(props, ref) {
    return <BaseLink {...props} ref={ref} to={translateTo(props.to, resourceNames)} />;
  }) as unknown as RouterProvider['Link'];

  const Navigate: RouterProvider['Navigate'] = (props) => (
    <BaseNavigate {...props} to={translateTo(props.to, resourceNames)} />
  );

  const useNavigate = (): RouterNavigateFunction => {
    const navigate = useBaseNavigate();
    return useCallback<RouterNavigateFunction>(
      (to, options) => {
        if (typeof to === 'number') navigate(to);
        else navigate(translateTo(to, resourceNames), options);
      },
      [navigate],
    );
  };

  return { ...reactRouterProvider, Link, Navigate, useNavigate };
};

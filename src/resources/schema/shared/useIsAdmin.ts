import { usePermissions } from 'react-admin';

/** Whether the signed-in user is an admin (spec section 6: it decides admin-only fields and tabs). */
export const useIsAdmin = (): boolean => {
  const { permissions } = usePermissions<{ isAdmin?: boolean }>();
  return permissions?.isAdmin === true;
};

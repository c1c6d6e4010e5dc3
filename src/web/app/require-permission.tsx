import { Navigate, Outlet } from 'react-router';
import type { Permission } from '../../shared/permissions.js';
import { usePermission } from '../lib/session.js';
import { paths } from '../lib/paths.js';

/**
 * A screen of an area the user may not read shows the 401 page, as the API would answer 403 to
 * every request of it anyway. The server checks again; this only spares a useless round trip.
 */
export function RequirePermission({ permission }: { permission: Permission }) {
  const allowed = usePermission(permission);
  if (!allowed) return <Navigate to={paths.accessDenied} replace />;
  return <Outlet />;
}

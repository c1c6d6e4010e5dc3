import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session.js';
import { loginPath } from '../lib/paths.js';

/** Signed-out visitors go to the login page, which brings them back here afterwards. */
export function RequireAuth() {
  const { token } = useSession();
  const location = useLocation();
  if (!token) return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  return <Outlet />;
}

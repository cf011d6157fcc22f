import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { checkAdmin } from '../identity/session';
import { useIdentityStore } from '../stores/identity-store';
import { useIsSignedIn } from '../stores/session';
import { LoadingScreen } from '../ui/LoadingScreen';

/** Signed-in routes: a signed-out user goes to the sign-in screen. */
export function RequireSignedIn() {
  const signedIn = useIsSignedIn();
  const location = useLocation();
  return signedIn ? <Outlet /> : <Navigate to="/login" replace state={{ from: location.pathname }} />;
}

/** /login and /logout: a signed-in user goes home. */
export function RequireSignedOut() {
  const signedIn = useIsSignedIn();
  return signedIn ? <Navigate to="/" replace /> : <Outlet />;
}

/** /admin: signed in and administrator; a failed or negative admin check goes home. */
export function RequireAdmin() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const adminChecked = useIdentityStore((state) => state.adminChecked);
  const isAdmin = useIdentityStore((state) => state.isAdmin);

  useEffect(() => {
    if (signedIn && !adminChecked) void checkAdmin();
  }, [signedIn, adminChecked]);

  if (!signedIn) return <Navigate to="/login" replace />;
  if (!adminChecked) return <LoadingScreen label={t('app.verifyingAccess')} />;
  return isAdmin ? <Outlet /> : <Navigate to="/" replace />;
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RETURN_TO_PARAM, safeReturnPath, signInPathFor } from '@ratkaisu/core';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { checkAdmin } from '../identity/session';
import { useIdentityStore } from '../stores/identity-store';
import { useIsSignedIn } from '../stores/session';
import { LoadingScreen } from '../ui/LoadingScreen';

/**
 * Signed-in routes: a signed-out user goes to the sign-in screen, which returns here afterwards
 * (`?returnTo=`, a path on this site only), so every mail link lands where it pointed.
 */
export function RequireSignedIn() {
  const signedIn = useIsSignedIn();
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;
  return signedIn ? <Outlet /> : <Navigate to={signInPathFor(here)} replace state={{ from: location.pathname }} />;
}

/** /login and /logout: a signed-in user goes home, or to the return target the sign-in screen was given. */
export function RequireSignedOut() {
  const signedIn = useIsSignedIn();
  const [searchParams] = useSearchParams();
  return signedIn ? <Navigate to={safeReturnPath(searchParams.get(RETURN_TO_PARAM)) ?? '/'} replace /> : <Outlet />;
}

/** /admin: signed in and administrator; a failed or negative admin check goes home. */
export function RequireAdmin() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const adminChecked = useIdentityStore((state) => state.adminChecked);
  const isAdmin = useIdentityStore((state) => state.isAdmin);
  // The whole address, so a mail's `/admin?tab=appointments` opens that tab after sign-in.
  const location = useLocation();

  useEffect(() => {
    if (signedIn && !adminChecked) void checkAdmin();
  }, [signedIn, adminChecked]);

  if (!signedIn)
    return <Navigate to={signInPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  if (!adminChecked) return <LoadingScreen label={t('app.verifyingAccess')} />;
  return isAdmin ? <Outlet /> : <Navigate to="/" replace />;
}

import { RETURN_TO_PARAM, signInPathFor } from '@ratkaisu/core';
import { Navigate, useSearchParams } from 'react-router';
import { pathAfterSignIn, useAuthStore } from '../../../stores/auth-store';
import { useIsSignedIn } from '../../../stores/session';

/** After sign-in: terms first while they are undecided or declined, otherwise home. */
export default function CheckAuthPage() {
  const signedIn = useIsSignedIn();
  const agreed = useAuthStore((state) => state.agreedTermsOfService);
  const [searchParams] = useSearchParams();
  const returnTo = searchParams.get(RETURN_TO_PARAM);
  return <Navigate to={signedIn ? pathAfterSignIn(agreed, returnTo) : signInPathFor(returnTo)} replace />;
}

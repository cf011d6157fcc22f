import { Navigate } from 'react-router';
import { pathAfterSignIn, useAuthStore } from '../../../stores/auth-store';
import { useIsSignedIn } from '../../../stores/session';

/** After sign-in: terms first while they are undecided or declined, otherwise home. */
export default function CheckAuthPage() {
  const signedIn = useIsSignedIn();
  const agreed = useAuthStore((state) => state.agreedTermsOfService);
  return <Navigate to={signedIn ? pathAfterSignIn(agreed) : '/login'} replace />;
}

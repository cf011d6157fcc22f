import { useAuthStore } from './auth-store';
import { useIdentityStore } from './identity-store';

/** Signed in by either path: a local account the server recognised, or an authorized work account. */
export function useIsSignedIn(): boolean {
  const localSignedIn = useAuthStore((state) => state.loggedIn);
  const workAccountAuthorized = useIdentityStore((state) => state.authorized);
  return localSignedIn || workAccountAuthorized;
}

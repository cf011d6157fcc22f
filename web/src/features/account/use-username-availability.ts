import { useEffect, useState } from 'react';
import { checkUsernameAvailable } from './api/register';
import { MIN_USERNAME_LENGTH } from './account-rules';

export type UsernameAvailability = 'idle' | 'checking' | 'available' | 'taken' | 'failed';

/** How long typing must pause before the name is asked about: one request per name, not per key. */
export const USERNAME_CHECK_DELAY_MS = 400;

/** The server's own pattern for a username (letters, digits, . _ -): other names are the form's to refuse. */
const USERNAME_PATTERN = /^[\p{L}\p{N}._-]+$/u;

/**
 * Whether the typed username is free, asked once typing pauses (a taken username is said at once,
 * not after a sign-up that looks like success). Usernames are not secret; emails are never asked about. A
 * failed check (offline, the per-address limit) says nothing is known: the sign-up still checks.
 */
export function useUsernameAvailability(username: string): UsernameAvailability {
  const name = username.trim();
  const askable = name.length >= MIN_USERNAME_LENGTH && name.length <= 64 && USERNAME_PATTERN.test(name);
  const [answer, setAnswer] = useState<{ name: string; state: UsernameAvailability } | null>(null);

  useEffect(() => {
    if (!askable) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      checkUsernameAvailable(name, controller.signal).then(
        (available) => setAnswer({ name, state: available ? 'available' : 'taken' }),
        () => {
          if (!controller.signal.aborted) setAnswer({ name, state: 'failed' });
        },
      );
    }, USERNAME_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [askable, name]);

  if (!askable) return 'idle';
  return answer?.name === name ? answer.state : 'checking';
}

import { api } from '../../../api/api';
import type { Language } from '../../../i18n/i18n';
import { useAuthStore } from '../../../stores/auth-store';
import { useIdentityStore } from '../../../stores/identity-store';

/**
 * POST /user/update-language: the account keeps the language the user chose, and mails and in-app notices
 * follow it. Called by the language switch of a signed-in user; a failure leaves the screens'
 * choice as it is (it is also kept in the browser) and is not worth an error on the screen.
 */
export async function saveAccountLanguage(language: Language): Promise<boolean> {
  const { loggedIn, setAccountLanguage } = useAuthStore.getState();
  if (!loggedIn && !useIdentityStore.getState().account) return false;
  try {
    await api.post('/user/update-language', { language });
    setAccountLanguage(language);
    return true;
  } catch {
    return false;
  }
}

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setTokenProvider } from './api/api';
import { App } from './app/App';
import { getEnv } from './config/env';
import { i18nReady, initI18n } from './i18n/i18n';
import { getBearerToken } from './identity/bearer-token';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  const i18n = initI18n();
  // A Finnish user's catalogue is a chunk of its own: wait for it, so no English flashes before it.
  await i18nReady();
  try {
    // Parsed once here, so a bad setting shows at once; MSAL is not loaded here: only a work-account sign-in,
    // or a work account to restore, loads it (loadMsal in identity/msal.ts).
    getEnv();
  } catch (error) {
    // A bad VITE_* setting is a deployment fault: say which one, plainly, instead of a blank page.
    container.textContent = i18n.t('app.misconfigured', {
      detail: error instanceof Error ? error.message : String(error),
    });
    throw error;
  }
  setTokenProvider(getBearerToken);
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();

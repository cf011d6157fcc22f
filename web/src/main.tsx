import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setTokenProvider } from './api/api';
import { App } from './app/App';
import { getEnv } from './config/env';
import { initI18n } from './i18n/i18n';
import { getBearerToken } from './identity/bearer-token';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  const i18n = initI18n();
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

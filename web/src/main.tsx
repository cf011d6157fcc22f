import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setTokenProvider } from './api/api';
import { App } from './app/App';
import { getEnv, type AppEnv } from './config/env';
import { initI18n } from './i18n/i18n';
import { getBearerToken } from './identity/bearer-token';
import { initIdentityClient } from './identity/msal';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  const i18n = initI18n();
  let env: AppEnv;
  try {
    env = getEnv();
  } catch (error) {
    // A bad VITE_* setting is a deployment fault: say which one, plainly, instead of a blank page.
    container.textContent = i18n.t('app.misconfigured', {
      detail: error instanceof Error ? error.message : String(error),
    });
    throw error;
  }
  // Work-account sign-in is created and initialised before mounting, only when configured.
  await initIdentityClient(env.entra);
  setTokenProvider(getBearerToken);
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();

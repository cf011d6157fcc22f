import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { verifySessionAtStartup } from '../identity/session';
import { useFieldFocusStyles, useLinkFocusStyles } from '../ui/focus-styles';
import { LoadingScreen } from '../ui/LoadingScreen';
import { routes } from './routes';

const router = createBrowserRouter(routes);

// One check per page load, even when StrictMode runs effects twice.
let startupCheck: Promise<void> | undefined;

/** Shows "Verifying access" until the start-up sign-in check is done, then routes. */
export function App() {
  const { t } = useTranslation();
  const [checked, setChecked] = useState(false);
  useFieldFocusStyles();
  useLinkFocusStyles();

  useEffect(() => {
    let active = true;
    startupCheck ??= verifySessionAtStartup();
    void startupCheck.finally(() => {
      if (active) setChecked(true);
    });
    return () => {
      active = false;
    };
  }, []);

  return (
    <FluentProvider theme={webLightTheme}>
      {checked ? <RouterProvider router={router} /> : <LoadingScreen label={t('app.verifyingAccess')} />}
    </FluentProvider>
  );
}

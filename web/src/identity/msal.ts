import type { Configuration, IPublicClientApplication } from '@azure/msal-browser';
import { getEnv, type AppEnv } from '../config/env';

/** docs/product.md section 9: popup hash time-out 60 s, frame hash time-out 6 s, identity cache in session storage. */
export function msalConfiguration(entra: NonNullable<AppEnv['entra']>): Configuration {
  return {
    auth: {
      clientId: entra.clientId,
      authority: entra.authority,
      redirectUri: window.location.origin,
      postLogoutRedirectUri: `${window.location.origin}/logout`,
    },
    cache: { cacheLocation: 'sessionStorage' },
    system: { windowHashTimeout: 60_000, iframeHashTimeout: 6_000 },
  };
}

let client: IPublicClientApplication | undefined;
let loading: Promise<IPublicClientApplication | undefined> | undefined;

/** Whether work-account sign-in is configured (MSAL itself is loaded only when needed: loadMsal). */
export function workAccountConfigured(): boolean {
  return getEnv().entra !== undefined;
}

/**
 * The work-account sign-in client (MSAL), downloaded, created and initialised
 * on first call and shared after: the only way to reach MSAL. Called when a
 * work-account sign-in is chosen, when start-up finds a work account to
 * restore (session.ts, `workAccountToRestore`), and by anything else that needs
 * MSAL first (a silent single sign-on at start-up calls this, then
 * `ssoSilent`). MSAL is about a third of the app's first load, so the sign-in
 * page and the dashboard never wait for it.
 *
 * Undefined when Entra is not configured, or MSAL failed to load or start
 * (docs/product.md section 4: the app then runs without work-account sign-in); a failed
 * load is tried again on the next call.
 */
export function loadMsal(): Promise<IPublicClientApplication | undefined> {
  const entra = getEnv().entra;
  if (!entra) return Promise.resolve(undefined);
  loading ??= startMsal(entra).then((started) => {
    client = started;
    if (!started) loading = undefined;
    return started;
  });
  return loading;
}

async function startMsal(entra: NonNullable<AppEnv['entra']>): Promise<IPublicClientApplication | undefined> {
  try {
    const { PublicClientApplication } = await import('@azure/msal-browser');
    const instance = new PublicClientApplication(msalConfiguration(entra));
    await instance.initialize();
    const accounts = instance.getAllAccounts();
    if (!instance.getActiveAccount() && accounts[0]) instance.setActiveAccount(accounts[0]);
    return instance;
  } catch {
    return undefined;
  }
}

/** MSAL if it has been loaded (loadMsal), else undefined: no work account can be signed in without it. */
export function getIdentityClient(): IPublicClientApplication | undefined {
  return client;
}

/** Scopes of the sign-in popup: OpenID basics plus the API's access_as_user scope. */
export function signInScopes(apiScope: string | undefined): string[] {
  return ['openid', 'profile', 'email', ...(apiScope ? [apiScope] : [])];
}

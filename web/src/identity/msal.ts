import type { Configuration, IPublicClientApplication } from '@azure/msal-browser';
import { getEnv, type AppEnv } from '../config/env';

/** SPEC.md section 9: popup hash time-out 60 s, frame hash time-out 6 s, identity cache in session storage. */
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
let initialising: Promise<IPublicClientApplication | undefined> | undefined;

/**
 * Creates and initialises the work-account sign-in client, only when Entra is configured.
 * A failure is swallowed (SPEC.md section 4): the app then runs without work-account sign-in.
 */
export function initIdentityClient(entra: AppEnv['entra']): Promise<IPublicClientApplication | undefined> {
  initialising ??= createIdentityClient(entra);
  return initialising;
}

/**
 * The sign-in client once it is initialised (MSAL is loaded on first use): for code that may run
 * before start-up has created it, such as restoring a work account silently in a new tab.
 */
export function identityClient(): Promise<IPublicClientApplication | undefined> {
  return initIdentityClient(getEnv().entra);
}

async function createIdentityClient(entra: AppEnv['entra']): Promise<IPublicClientApplication | undefined> {
  if (!entra) return undefined;
  try {
    // Loaded on demand so deployments without Entra do not download MSAL.
    const { PublicClientApplication } = await import('@azure/msal-browser');
    const instance = new PublicClientApplication(msalConfiguration(entra));
    await instance.initialize();
    const accounts = instance.getAllAccounts();
    if (!instance.getActiveAccount() && accounts[0]) instance.setActiveAccount(accounts[0]);
    client = instance;
  } catch {
    client = undefined;
  }
  return client;
}

/** The initialised sign-in client, or undefined when Entra is not configured or failed to start. */
export function getIdentityClient(): IPublicClientApplication | undefined {
  return client;
}

/** Scopes of the sign-in popup: OpenID basics plus the API's access_as_user scope. */
export function signInScopes(apiScope: string | undefined): string[] {
  return ['openid', 'profile', 'email', ...(apiScope ? [apiScope] : [])];
}

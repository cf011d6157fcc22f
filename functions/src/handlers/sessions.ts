import { noticeBurstSignal } from '../services/incidents/notice-security-signal.js';
import type { HttpResponseInit } from '@azure/functions';
import { z } from 'zod';
import { DomainError, UnauthorizedError } from '../errors.js';
import { clientInfo } from '../http/client-info.js';
import { readJson } from '../http/read-body.js';
import { ok, toResponse } from '../http/responses.js';
import {
  assertSameSiteRequest,
  clearedRefreshCookie,
  readRefreshCookie,
  refreshCookie,
} from '../http/refresh-cookie.js';
import type { Caller, RouteCall } from '../http/route.js';
import { getCurrentUser } from '../services/accounts/get-current-user.js';
import { signIn } from '../services/accounts/sign-in.js';
import { updateAgreedTerms } from '../services/accounts/update-agreed-terms.js';
import { endAllSessions } from '../services/sessions/end-all-sessions.js';
import { endSession } from '../services/sessions/end-session.js';
import { listSessions } from '../services/sessions/list-sessions.js';
import { refreshSession } from '../services/accounts/refresh-session.js';

const NOT_AN_OBJECT = 'The request body must be a JSON object.';

/** A text field: a clear message when it is missing, of another type, empty or too long. */
function text(field: string, missing: string, maxLength: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? missing : `${field} must be text.`) })
    .min(1, missing)
    .max(maxLength, `${field} must be at most ${maxLength} characters.`);
}

const loginBody = z.object(
  {
    username: text('username', 'Enter your username or email address.', 320).refine(
      (value) => value.trim() !== '',
      'Enter your username or email address.',
    ),
    password: text('password', 'Enter your password.', 1024),
    // Clients send an empty or null code when two-factor is off.
    tfaCode: z
      .string({ error: 'tfaCode must be text.' })
      .max(16, 'tfaCode must be at most 16 characters.')
      .nullish()
      .transform((value) => (value ? value : undefined)),
    // "Keep me signed in" (ours, beside docs/product.md's payload).
    remember: z.boolean({ error: 'remember must be true or false.' }).optional(),
  },
  { error: NOT_AN_OBJECT },
);

const sessionIdBody = z.object({ id: text('id', 'Say which session to end (id).', 100) }, { error: NOT_AN_OBJECT });

const agreedTermsBody = z.object(
  {
    AgreedTermsOfService: z.union([z.literal(0), z.literal(1), z.literal(2)], {
      error: 'AgreedTermsOfService must be 0 (undecided), 1 (agreed) or 2 (declined).',
    }),
  },
  { error: NOT_AN_OBJECT },
);

/**
 * POST /user/login — local sign-in; answers the bearer token and the current
 * user. With `remember: true` the session is remembered on this device: its
 * refresh token goes into the httpOnly cookie, never into the answer's body.
 */
export async function postLogin({ request, deps }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, loginBody);
  const { refreshToken, ...result } = await signIn(
    deps,
    {
      username: body.username,
      password: body.password,
      ...(body.tfaCode ? { tfaCode: body.tfaCode } : {}),
      ...(body.remember ? { remember: true } : {}),
    },
    clientInfo(request),
  ).catch(async (error: unknown) => {
    // A refused sign-in (a wrong password, a locked account) counts towards a burst (docs/operations.md "Incidents").
    if (error instanceof DomainError && (error.status === 401 || error.status === 429)) {
      await noticeBurstSignal(deps, 'sign-in-failures');
    }
    throw error;
  });
  const answer = ok({ ...result, remembered: refreshToken !== undefined });
  if (!refreshToken) return answer;
  const maxAge = deps.config.sessions.persistentDays * 24 * 3600;
  return withCookie(answer, refreshCookie(deps, refreshToken, maxAge));
}

/**
 * POST /user/refresh-session — a remembered device's tab asks for a
 * short-lived bearer token with the httpOnly refresh cookie (ours, beside
 * docs/product.md's calls). Same-site requests only; a refused refresh also removes
 * the cookie.
 */
export async function postRefreshSession({ request, deps }: RouteCall): Promise<HttpResponseInit> {
  assertSameSiteRequest(deps, request);
  try {
    const { rotated, ...result } = await refreshSession(deps, readRefreshCookie(request));
    const answer = ok(result);
    return rotated ? withCookie(answer, refreshCookie(deps, rotated.refreshToken, rotated.maxAgeSeconds)) : answer;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return withCookie(toResponse(error).response, clearedRefreshCookie(deps));
  }
}

/** GET /user/check-auth — the signed-in user. */
export async function getCheckAuth({ deps, caller }: RouteCall): Promise<HttpResponseInit> {
  const signedIn = requireCaller(caller);
  return ok(await getCurrentUser(deps, signedIn));
}

/** GET /user/get-sessions — the caller's live sessions, newest first, the current one marked. */
export async function getSessions({ deps, caller }: RouteCall): Promise<HttpResponseInit> {
  const signedIn = requireCaller(caller);
  return ok({ data: { sessions: await listSessions(deps, signedIn) } });
}

/**
 * POST /user/logout {id} — ends one of the caller's sessions. The client signs
 * out by sending its own current session id, so the current session may be
 * ended here; the Sessions list disables that row's button instead
 * (see end-session.ts).
 */
export async function postLogout({ request, deps, caller }: RouteCall): Promise<HttpResponseInit> {
  const signedIn = requireCaller(caller);
  const { id } = await readJson(request, sessionIdBody);
  const { endedCurrent } = await endSession(deps, signedIn, id, clientInfo(request));
  const answer = ok({ ended: true, current: endedCurrent });
  // Signing out forgets the device too.
  return endedCurrent ? withCookie(answer, clearedRefreshCookie(deps)) : answer;
}

/** POST /user/end-all-sessions — ends every session of the caller, this one included. */
export async function postEndAllSessions({ request, deps, caller }: RouteCall): Promise<HttpResponseInit> {
  const signedIn = requireCaller(caller);
  return withCookie(ok(await endAllSessions(deps, signedIn, clientInfo(request))), clearedRefreshCookie(deps));
}

function withCookie(response: HttpResponseInit, cookie: string): HttpResponseInit {
  return { ...response, headers: { ...(response.headers as Record<string, string>), 'Set-Cookie': cookie } };
}

/** POST /user/update-agreed-terms {AgreedTermsOfService} — saves the terms decision; answers the current user. */
export async function postUpdateAgreedTerms({ request, deps, caller }: RouteCall): Promise<HttpResponseInit> {
  const signedIn = requireCaller(caller);
  const body = await readJson(request, agreedTermsBody);
  return ok(
    await updateAgreedTerms(deps, signedIn, { agreedTermsOfService: body.AgreedTermsOfService }, clientInfo(request)),
  );
}

/** These routes are `access: 'user'`, so the host has resolved a caller; this only narrows the type. */
function requireCaller(caller: Caller | undefined): Caller {
  if (!caller) throw new UnauthorizedError();
  return caller;
}

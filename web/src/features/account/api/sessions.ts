import { api } from '../../../api/api';

/** One signed-in session as GET /user/get-sessions lists it. */
export interface AccountSession {
  id: string;
  date: Date | null;
  ipAddress: string;
  /** The user-agent string of the browser that signed in. */
  device: string;
  country: string;
  current: boolean;
  /** "Keep me signed in": the device stays signed in until the session ends; when it ends at the latest. */
  persistent: boolean;
  expiresAt: Date | null;
}

interface SessionsAnswer {
  data?: {
    sessions?: Array<
      Partial<Omit<AccountSession, 'id' | 'date' | 'expiresAt'>> & {
        id: string | number;
        date?: unknown;
        expiresAt?: unknown;
      }
    >;
  };
}

function toDate(value: unknown): Date | null {
  if (value instanceof Date) return value;
  if (typeof value === 'string' || typeof value === 'number') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

/** GET /user/get-sessions → data.sessions, newest first. */
export async function getSessions(signal?: AbortSignal): Promise<AccountSession[]> {
  const answer = await api.get<SessionsAnswer | undefined>('/user/get-sessions', { signal });
  const sessions = answer?.data?.sessions ?? [];
  return sessions
    .map((session) => ({
      id: String(session.id),
      date: toDate(session.date),
      ipAddress: session.ipAddress ?? '',
      device: session.device ?? '',
      country: session.country ?? '',
      current: session.current === true,
      persistent: session.persistent === true,
      expiresAt: toDate(session.expiresAt),
    }))
    .sort((a, b) => (b.date?.getTime() ?? 0) - (a.date?.getTime() ?? 0));
}

/** POST /user/logout { id }: ends one session (never the current one from the list). */
export async function endSession(id: string): Promise<void> {
  await api.post('/user/logout', { id });
}

/** POST /user/end-all-sessions: ends every session of the user, this one included. */
export async function endAllSessions(): Promise<void> {
  await api.post('/user/end-all-sessions');
}

/**
 * Who is calling: resolved by the HTTP layer (a session or a work-account
 * token), handed to services as plain data. Services never see the request.
 */
export interface Caller {
  userId: string;
  sessionId: string;
  tenantId: string;
  email: string;
  roles: readonly string[];
  /**
   * The user's lower-cased email when confirmed, `null` when not, as the session check read it moments ago:
   * the case routes need it to find the cases naming that email, and need not read the user again for it.
   * Absent where a caller is made without reading the user (services/disputes/dispute-access.ts reads it then).
   */
  confirmedEmailKey?: string | null;
}

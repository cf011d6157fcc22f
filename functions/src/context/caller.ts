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
}

/** Where a request came from, as the HTTP layer read it (see http/client-info.ts). */
export interface ClientInfo {
  ipAddress: string;
  /** The user-agent string, or `unknown`. */
  device: string;
}

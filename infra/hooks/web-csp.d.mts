export interface CspOrigins {
  apiOrigin: string;
  authority?: string;
}
export function extendCsp(csp: string, origins: CspOrigins): string;
export function withApiOrigin<T extends { globalHeaders?: Record<string, string> }>(config: T, origins: CspOrigins): T;

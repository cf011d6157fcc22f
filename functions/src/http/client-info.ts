import type { HttpRequest } from '@azure/functions';
import type { ClientInfo } from '../context/client-info.js';

export type { ClientInfo } from '../context/client-info.js';

/**
 * Who is on the other end. Behind Azure's front end (and the local host, which
 * sets it from the socket) the last `X-Forwarded-For` entry is the address the
 * trusted proxy saw; earlier entries are whatever the client claimed, so they
 * are ignored (rate limits must not be dodged by a forged header).
 */
export function clientInfo(request: HttpRequest): ClientInfo {
  const forwarded = request.headers.get('x-forwarded-for') ?? '';
  const last = forwarded.split(',').pop()?.trim() ?? '';
  return {
    ipAddress: stripPort(last) || 'unknown',
    device: request.headers.get('user-agent')?.slice(0, 512) || 'unknown',
  };
}

function stripPort(address: string): string {
  if (address.startsWith('[')) return address.slice(1, address.indexOf(']'));
  // IPv4 with a port: exactly one colon.
  if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(address)) return address.slice(0, address.lastIndexOf(':'));
  return address;
}

import type { Caller } from '../../context/caller.js';

/** GET /api/admin/check-admin: whether the caller administers (Admin or SuperAdmin), for local and work accounts alike. */
export function checkAdmin(caller: Caller): { isAdmin: boolean } {
  return { isAdmin: caller.roles.some((role) => role === 'Admin' || role === 'SuperAdmin') };
}

import { describe, expect, it } from 'vitest';
import { routes } from '../../functions/src/routes.js';
import { INVITATION_NOT_FOUND_MESSAGE } from '../../functions/src/services/invitations/read-invitation.js';
import { apiClient } from './support/api-client.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * Every route with an id in its path checks the id's shape before its
 * handler runs (functions/src/http/route.ts): a malformed or oversized id is
 * a 404, never a 500 from the store ("A document id must be 1-255 characters").
 */
const ADMIN_EMAIL = 'root@example.fi';
const ADMIN_PASSWORD = 'root password 1';
const NOTHING_HERE = 'There is nothing at this address.';

const host = useTestHost({ ADMIN_EMAIL, ADMIN_PASSWORD }, { runWorkers: false });
const api = apiClient(() => host);

const withIds = routes.filter((route) => route.path.includes('{'));
const BAD_IDS = ['a'.repeat(3000), 'x'.repeat(129), '.hidden', '-leading-dash', 'has space', 'ä-umlaut', '%00'];

function pathWith(path: string, id: string): string {
  return path.replace(/\{[^}]+\}/g, encodeURIComponent(id));
}

describe('path ids', () => {
  it('covers the routes that take ids', () => {
    expect(withIds.length).toBeGreaterThan(15);
  });

  it.each(withIds.map((route) => [route.method, route.path, route] as const))(
    '%s %s answers 404 for malformed and 3,000-character ids',
    async (method, path) => {
      const { token } = await api.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
      for (const id of BAD_IDS) {
        const response = await api.call(method, pathWith(path, id), token, method === 'GET' ? undefined : {});
        const { message } = (await response.json()) as { message: string };
        // The public invitation page's route says what to do with a bad link (its own catalogued 404) once the
        // route table has let the id through.
        const expected =
          path === '/api/invitation/{token}' && id.length <= 255 ? INVITATION_NOT_FOUND_MESSAGE : NOTHING_HERE;
        expect({ id: id.slice(0, 20), status: response.status, message }).toEqual({
          id: id.slice(0, 20),
          status: 404,
          message: expected,
        });
      }
    },
  );

  it('still asks an anonymous caller to sign in first, whatever the id', async () => {
    const response = await api.call('GET', pathWith('/api/dispute/{id}', 'a'.repeat(3000)));
    expect(response.status).toBe(401);
  });

  it('answers 404 for a well-formed id that does not exist (the handler runs)', async () => {
    const { token } = await api.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const response = await api.call('GET', '/api/dispute/00000000-0000-4000-8000-000000000000', token);
    expect(response.status).toBe(404);
  });
});

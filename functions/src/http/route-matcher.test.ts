import { describe, expect, it } from 'vitest';
import type { RouteDefinition } from './route.js';
import { createRouteMatcher } from './route-matcher.js';

const handler = async () => ({ status: 204 });
const route = (name: string, method: RouteDefinition['method'], path: string): RouteDefinition => ({
  name,
  method,
  path,
  access: 'public',
  body: 'none',
  handler,
});

describe('route matcher', () => {
  const match = createRouteMatcher([
    route('get', 'GET', '/api/dispute/{id}'),
    route('active', 'GET', '/api/dispute/activephases'),
    route('upload', 'POST', '/{disputeId}/phases/{phaseId}/attachments'),
    route('create', 'POST', '/api/dispute'),
  ]);

  it('prefers literal segments over parameters', () => {
    const found = match('GET', '/api/dispute/activephases');
    expect(found.kind === 'found' && found.route.name).toBe('active');
    const byId = match('GET', '/api/dispute/abc');
    expect(byId).toMatchObject({ kind: 'found', params: { id: 'abc' } });
  });

  it('decodes parameters and matches literals case-insensitively', () => {
    expect(match('GET', '/API/Dispute/a%20b')).toMatchObject({ kind: 'found', params: { id: 'a b' } });
    expect(match('POST', '/d1/phases/p1/attachments')).toMatchObject({
      kind: 'found',
      params: { disputeId: 'd1', phaseId: 'p1' },
    });
  });

  it('tells a wrong method from an unknown path, and rejects bad encodings', () => {
    expect(match('DELETE', '/api/dispute')).toEqual({ kind: 'method-not-allowed', allow: ['POST'] });
    expect(match('GET', '/api/nothing/here/at/all')).toEqual({ kind: 'none' });
    expect(match('GET', '/api/dispute/%E0%A4%A')).toEqual({ kind: 'bad-path' });
  });

  it('answers HEAD with the GET route', () => {
    expect(match('HEAD', '/api/dispute/x')).toMatchObject({ kind: 'found' });
  });
});

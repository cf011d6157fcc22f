import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestHost } from './support/use-test-host.js';

/**
 * The SPA's addresses as docs/product.md section 1 lists them, served by the local host
 * as Static Web Apps' navigationFallback serves them (web/public/staticwebapp.config.json):
 * `/app.html` and `/` are the dashboard, whatever the client says it accepts.
 */
describe('SPA addresses on the local host', () => {
  const host = useTestHost(() => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'ratkaisu-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Ratkaisu</title><div id="root"></div>');
    writeFileSync(path.join(webDist, 'access-denied.html'), '<!doctype html><title>Access denied</title>');
    return { WEB_DIST_DIR: webDist };
  });

  it.each([
    ['/app.html', { accept: 'text/html' }],
    ['/app.html', {}],
    ['/', { accept: 'text/html' }],
  ])('serves the SPA at %s (headers %j)', async (address, headers) => {
    const response = await host.fetch(address, { headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('<div id="root">');
  });

  it('serves a real HTML file as itself, and keeps a missing asset a 404', async () => {
    const page = await host.fetch('/access-denied.html');
    expect(await page.text()).toContain('Access denied');
    expect((await host.fetch('/assets/missing.js')).status).toBe(404);
    expect((await host.fetch('/missing.png')).status).toBe(404);
  });
});

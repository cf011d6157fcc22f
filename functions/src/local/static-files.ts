// Kept over sirv: Static Web Apps' rules (index.html only for navigations that want HTML, and for any missing *.html) are not sirv's `single` mode (every extension-less path, no *.html), and content-hash ETags survive rebuilds.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * Serves the built SPA (web/dist) the way Static Web Apps does in production:
 * hashed assets cached for a year, index.html revalidated, unknown navigation
 * paths answered with index.html so client-side routes work on refresh, and
 * the security headers of staticwebapp.config.json.
 */

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.pdf': 'application/pdf',
  '.webmanifest': 'application/manifest+json',
};

interface StaticFile {
  file: string;
  size: number;
  contentType: string;
  etag: string;
  cacheControl: string;
}

export interface StaticSite {
  readonly root: string | undefined;
  /** Serves the request if it is for the SPA; returns false to let the caller answer. */
  serve(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean>;
}

export function securityHeaders(connectSources: readonly string[]): Record<string, string> {
  const connect = ["'self'", 'https://login.microsoftonline.com', ...connectSources].join(' ');
  return {
    // Fluent UI (Griffel) inserts style rules at run time, hence 'unsafe-inline' for styles only.
    'Content-Security-Policy':
      `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; ` +
      `font-src 'self' data:; connect-src ${connect}; frame-src 'self' https://login.microsoftonline.com; ` +
      `object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'`,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  };
}

export function createStaticSite(root: string | undefined, connectSources: readonly string[] = []): StaticSite {
  const files = new Map<string, StaticFile>();
  if (root && existsSync(path.join(root, 'index.html'))) {
    for (const relative of walk(root)) {
      const file = path.join(root, relative);
      const size = statSync(file).size;
      const urlPath = '/' + relative.split(path.sep).join('/');
      const hashed = urlPath.startsWith('/assets/');
      files.set(urlPath, {
        file,
        size,
        contentType: CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        etag: `"${createHash('sha1').update(readFileSync(file)).digest('base64url')}"`,
        cacheControl: hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
    }
  }
  const index = files.get('/index.html');
  const headers = securityHeaders(connectSources);

  const send = async (req: IncomingMessage, res: ServerResponse, entry: StaticFile): Promise<void> => {
    res.setHeader('Content-Type', entry.contentType);
    res.setHeader('Cache-Control', entry.cacheControl);
    res.setHeader('ETag', entry.etag);
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (req.headers['if-none-match'] === entry.etag) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.setHeader('Content-Length', entry.size);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    await pipeline(createReadStream(entry.file), res);
  };

  return {
    root: index ? root : undefined,
    async serve(req, res, pathname) {
      if (!index || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
      const entry = files.get(pathname === '/' ? '/index.html' : pathname);
      if (entry) {
        await send(req, res, entry);
        return true;
      }
      // Client-side routes, as staticwebapp.config.json's navigationFallback: a navigation (HTML wanted) to a
      // path without a file extension, and any page address ending in .html that is not a file (docs/product.md's
      // /app.html is the dashboard).
      const wantsHtml = (req.headers.accept ?? '').includes('text/html');
      const extension = path.extname(pathname).toLowerCase();
      if ((wantsHtml && extension === '') || extension === '.html') {
        await send(req, res, index);
        return true;
      }
      return false;
    },
  };
}

function* walk(root: string, relative = ''): Generator<string> {
  for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) yield* walk(root, child);
    else if (entry.isFile()) yield child;
  }
}

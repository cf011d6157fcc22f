import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The SPA build. `root` is pinned to this folder so the config works the same
 * whether Vite runs inside the web workspace or from the repository root
 * (`vite preview -c web/vite.config.ts`).
 *
 * In development, set RATKAISU_API_URL (e.g. http://127.0.0.1:7191) to proxy
 * the API paths to a running local host, so the app stays same-origin.
 */
const apiTarget = process.env.RATKAISU_API_URL;
const apiPaths = ['/user', '/api', '/contact', '/dispute', '/health'];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in the production bundle: they hand anyone the unminified sources.
    // RATKAISU_SOURCEMAP=1 builds them for a local investigation; they are never deployed.
    sourcemap: process.env.RATKAISU_SOURCEMAP === '1',
  },
  server: apiTarget
    ? { proxy: Object.fromEntries(apiPaths.map((path) => [path, { target: apiTarget, changeOrigin: false }])) }
    : {},
});

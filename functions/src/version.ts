import { readFileSync } from 'node:fs';

/** The product version from the repository's package.json, read once. */
export const productVersion: string = (() => {
  try {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return manifest.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
})();

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/** The first super-administrator of the test host (its terms are still undecided). */
export const E2E_ADMIN = { email: 'admin@ratkaisu.test', password: 'e2e-admin-password' };

/** The test host's data directory, set by playwright.config.ts in the runner and inherited by workers. */
export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: these tests need the local host started by playwright.config.ts');
  return dir;
}

/** Decodes a quoted-printable body (RFC 2045): soft line breaks and =XX escapes. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The newest mail in the outbox addressed to `to`, decoded, or undefined. */
export function latestMailTo(to: string): string | undefined {
  const outbox = join(dataDir(), 'outbox');
  const files = readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .reverse();
  for (const name of files) {
    const raw = readFileSync(join(outbox, name), 'utf8');
    if (new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi').test(raw))
      return decodeQuotedPrintable(raw);
  }
  return undefined;
}

/** With E2E_SCREENSHOT_DIR set, saves a full-page screenshot there (for looking at screens). */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

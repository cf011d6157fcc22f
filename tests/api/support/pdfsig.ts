import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Whether poppler's pdfsig is installed (CI installs poppler-utils; a machine without it skips the check). */
export const hasPdfsig = (() => {
  try {
    execFileSync('pdfsig', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** pdfsig's report on a PDF's signatures; undefined without pdfsig. */
export function pdfsigReport(bytes: Uint8Array): string | undefined {
  if (!hasPdfsig) return undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'pdfsig-'));
  const file = path.join(dir, 'signed.pdf');
  try {
    writeFileSync(file, bytes);
    return execFileSync('pdfsig', [file], { encoding: 'utf8' });
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

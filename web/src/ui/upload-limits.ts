import { DEFAULT_MAX_UPLOAD_BYTES } from '@ratkaisu/core';
import type { TFunction } from 'i18next';

const MB = 1024 * 1024;

/** Bytes as megabytes for a sentence: whole numbers bare ("25"), else one decimal ("26.3"; "26,3" in Finnish). */
export function megabytes(bytes: number, language: string): string {
  const value = Math.round((bytes / MB) * 10) / 10;
  return value.toLocaleString(language === 'fi' ? 'fi-FI' : 'en-GB', { maximumFractionDigits: 1 });
}

/**
 * A selection larger than one upload may carry, in plain words: the file (or the files) and their size against
 * the limit in MB. Null when the selection fits.
 */
export function tooLargeText(
  t: TFunction,
  language: string,
  files: readonly { name: string; size: number }[],
  limitBytes: number = DEFAULT_MAX_UPLOAD_BYTES,
): string | null {
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total <= limitBytes) return null;
  const mb = megabytes(limitBytes, language);
  const single = files.find((file) => file.size > limitBytes) ?? (files.length === 1 ? files[0] : undefined);
  if (single)
    return t('firstUse.upload.tooLargeOne', { name: single.name, size: megabytes(single.size, language), mb });
  return t('firstUse.upload.tooLarge', {
    names: files.map((file) => file.name).join(', '),
    size: megabytes(total, language),
    mb,
  });
}

import { z } from 'zod';

/** Parsers of one setting each, shared by the settings of every concern (functions/src/config.ts). */

/** What a concern's settings parse to. */
export type Settings<Shape extends z.ZodRawShape> = z.output<z.ZodObject<Shape>>;

export const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

export const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url({ message: 'must be an absolute URL' }).optional())
  .optional();

export const integer = (fallback: number, min: number, max: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      const parsed = Number(value);
      if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return parsed;
    });

export const flag = (fallback: boolean) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      if (/^(1|true|yes|on)$/i.test(value)) return true;
      if (/^(0|false|no|off)$/i.test(value)) return false;
      ctx.addIssue({ code: 'custom', message: 'must be true or false' });
      return z.NEVER;
    });

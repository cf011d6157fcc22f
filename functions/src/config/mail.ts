import path from 'node:path';
import { z } from 'zod';
import { flag, integer, optionalText, optionalUrl, type Settings } from './setting-parsers.js';

export const mailSettings = {
  // Mail: SMTP, or Azure Communication Services Email. Neither: .eml files in DATA_DIR/outbox.
  MAIL_FROM: z.string().trim().default('Ratkaisu <no-reply@ratkaisu.local>'),
  SMTP_HOST: optionalText,
  SMTP_PORT: integer(587, 1, 65535),
  SMTP_SECURE: flag(false),
  SMTP_USER: optionalText,
  SMTP_PASSWORD: optionalText,
  ACS_EMAIL_CONNECTION_STRING: optionalText,
  ACS_EMAIL_ENDPOINT: optionalUrl,
};

export type MailerConfig =
  | { kind: 'outbox'; directory: string; from: string }
  | { kind: 'smtp'; host: string; port: number; secure: boolean; user?: string; password?: string; from: string }
  | { kind: 'azure-communication'; connectionString?: string; endpoint?: string; from: string };

export function readMailer(e: Settings<typeof mailSettings>, dataDir: string): MailerConfig {
  if (e.SMTP_HOST) {
    return {
      kind: 'smtp',
      host: e.SMTP_HOST,
      port: e.SMTP_PORT,
      secure: e.SMTP_SECURE,
      user: e.SMTP_USER,
      password: e.SMTP_PASSWORD,
      from: e.MAIL_FROM,
    };
  }
  if (e.ACS_EMAIL_CONNECTION_STRING || e.ACS_EMAIL_ENDPOINT) {
    return {
      kind: 'azure-communication',
      connectionString: e.ACS_EMAIL_CONNECTION_STRING,
      endpoint: e.ACS_EMAIL_ENDPOINT,
      from: e.MAIL_FROM,
    };
  }
  return { kind: 'outbox', directory: path.join(dataDir, 'outbox'), from: e.MAIL_FROM };
}

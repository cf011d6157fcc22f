import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface MailWithAttachments {
  file: string;
  to: string;
  subject: string;
  messageId: string;
  attachments: { fileName: string; contentType: string; bytes: Buffer }[];
}

/**
 * The outbox's .eml files read raw (the api-client's mail helpers decode quoted-printable over the whole
 * message, which would mangle a base64 attachment's padding), with their base64 MIME attachments decoded.
 */
export function outboxWithAttachments(dataDir: string): MailWithAttachments[] {
  const outbox = path.join(dataDir, 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((file) => {
      const raw = readFileSync(path.join(outbox, file), 'latin1');
      const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '';
      const attachments: MailWithAttachments['attachments'] = [];
      const boundary = /boundary="?([^";\s]+)"?/i.exec(head)?.[1];
      if (boundary) {
        for (const part of raw.split(`--${boundary}`)) {
          const split = part.indexOf('\r\n\r\n');
          if (split < 0) continue;
          const partHead = part.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
          const fileName = /filename="?([^";\r\n]+)"?/i.exec(partHead)?.[1];
          if (!fileName || !/content-transfer-encoding: base64/i.test(partHead)) continue;
          const contentType = /content-type: ([^;\r\n]+)/i.exec(partHead)?.[1]?.trim() ?? '';
          attachments.push({
            fileName,
            contentType,
            bytes: Buffer.from(part.slice(split + 4).replace(/\s+/g, ''), 'base64'),
          });
        }
      }
      return { file, to: header('To'), subject: header('Subject'), messageId: header('Message-ID'), attachments };
    });
}

/** RFC 2047 encoded words in a header, decoded. */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_all, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

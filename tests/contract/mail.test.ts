/**
 * Contract tests of the Mailer adapters.
 *
 * - outbox: writes real .eml files; parsed back here (headers unfolded, RFC 2047
 *   encoded words and the transfer-encoded body decoded).
 * - SMTP: the real nodemailer pooled transport against a fake SMTP server on
 *   loopback (tests/contract/support/fake-smtp.ts), plain text, no STARTTLS/AUTH.
 * - Azure Communication Services: NOT tested. Its `EmailClient` talks HTTPS to
 *   `<resource>.communication.azure.com` and polls a long-running operation;
 *   there is no offline emulator and faking the REST API would only test the
 *   fake. It is covered by a manual smoke test against a real resource.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../functions/src/adapters/mail/outbox-mailer.js';
import { createSmtpMailer } from '../../functions/src/adapters/mail/smtp-mailer.js';
import type { Clock } from '../../functions/src/ports/clock.js';
import { startFakeSmtp, type FakeSmtp } from './support/fake-smtp.js';

/** A small RFC 5322 / MIME reader: enough to check what the adapters write. */
function parseMail(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  expect(split).toBeGreaterThan(0);
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' '); // unfold
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  let body = raw.slice(split + 4);
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') body = decodeQuotedPrintable(body);
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`)
    .replace(/[^%]/g, (c) => encodeURIComponent(c));
  return decodeURIComponent(bytes);
}

/** Decodes RFC 2047 encoded words; whitespace between adjacent words is dropped (RFC 2047 §6.2). */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_match, charset: string, kind: string, text: string) => {
      expect(charset.toLowerCase()).toBe('utf-8');
      if (kind.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
      return decodeQuotedPrintable(text.replace(/_/g, ' '));
    });
}

const finnishSubject = 'Ratkaisuehdotus: yhtiön sopimusriita käsittelyssä — vastaus pyydetään ääkkösin';
const finnishText = 'Hyvä vastaanottaja,\n\nriita-asia on siirtynyt seuraavaan vaiheeseen. Äläkä unohda määräaikaa.\n';

describe('outbox mailer', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'ratkaisu-outbox-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes one parseable .eml per message with correct headers and a Finnish subject that round-trips', async () => {
    const at = new Date('2026-03-01T09:30:15.250Z');
    const clock: Clock = { now: () => at };
    const outbox = path.join(dir, 'nested', 'outbox'); // created on demand
    const mailer = createOutboxMailer({ directory: outbox, from: 'Ratkaisu <no-reply@ratkaisu.local>', clock });
    expect(mailer.kind).toBe('outbox');

    await mailer.send({ to: 'matti.meikalainen@example.fi', subject: finnishSubject, text: finnishText });

    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^20260301T093015250Z-[0-9a-f]{8}\.eml$/);
    const raw = readFileSync(path.join(outbox, files[0]!), 'utf8');
    expect(raw).toMatch(/^[\x20-\x7e\r\n\t]*$/); // 7-bit clean on the wire
    const { headers, body } = parseMail(raw);

    expect(headers.get('from')).toBe('Ratkaisu <no-reply@ratkaisu.local>');
    expect(headers.get('to')).toBe('matti.meikalainen@example.fi');
    expect(headers.get('subject')).toMatch(/=\?UTF-8\?[BQ]\?/i);
    expect(decodeWords(headers.get('subject') ?? '')).toBe(finnishSubject);
    expect(new Date(headers.get('date') ?? '').toISOString()).toBe('2026-03-01T09:30:15.000Z');
    expect(headers.get('message-id')).toMatch(/^<[0-9a-f-]{36}@ratkaisu\.local>$/);
    expect(headers.get('mime-version')).toBe('1.0');
    expect(headers.get('content-type')).toMatch(/^text\/plain; charset=utf-8/i);
    expect(body.replace(/\r\n/g, '\n').trimEnd()).toBe(finnishText.trimEnd());
  });

  it('writes html mail as multipart/alternative, names files in time order and leaves no temporary files', async () => {
    let t = Date.parse('2026-03-01T10:00:00.000Z');
    const clock: Clock = { now: () => new Date((t += 1)) };
    const mailer = createOutboxMailer({ directory: dir, from: 'no-reply@ratkaisu.local', clock });
    await mailer.send({ to: 'a@example.fi', subject: 'Ensimmäinen', text: 'yksi', html: '<p>yksi</p>' });
    await Promise.all(
      ['toinen', 'kolmas', 'neljäs'].map((word) =>
        mailer.send({ to: 'b@example.fi', subject: word, text: word, html: `<p>${word}</p>` }),
      ),
    );
    const files = readdirSync(dir);
    expect(files).toHaveLength(4);
    expect(files.every((name) => name.endsWith('.eml'))).toBe(true);
    const sorted = [...files].sort();
    const first = parseMail(readFileSync(path.join(dir, sorted[0]!), 'utf8'));
    expect(decodeWords(first.headers.get('subject') ?? '')).toBe('Ensimmäinen');
    expect(first.headers.get('content-type')).toMatch(/^multipart\/alternative; boundary=/);
    expect(first.headers.get('message-id')).toMatch(/@ratkaisu\.local>$/);
  });

  it('attaches a file as a base64 MIME part and answers the Message-ID it wrote', async () => {
    const mailer = createOutboxMailer({ directory: dir, from: 'Ratkaisu <no-reply@ratkaisu.local>' });
    const pdf = Buffer.from('%PDF-1.7\n' + 'ä'.repeat(500) + '\n%%EOF\n', 'utf8');
    const sent = await mailer.send({
      to: 'a@example.fi',
      subject: 'Välitystuomio',
      text: 'Liitteenä allekirjoitettu tuomio.',
      attachments: [{ fileName: 'Award_RAT-2026-000001.pdf', contentType: 'application/pdf', content: pdf }],
    });
    const raw = readFileSync(path.join(dir, readdirSync(dir)[0]!), 'utf8');
    const { headers } = parseMail(raw);
    expect(headers.get('message-id')).toBe(sent.messageId);
    expect(headers.get('content-type')).toMatch(/^multipart\/mixed; boundary=/);
    const part = raw.split(/--[^\r\n]+\r\n/).find((chunk) => /filename=/i.test(chunk))!;
    expect(part).toMatch(/Content-Type: application\/pdf; name=Award_RAT-2026-000001\.pdf/i);
    expect(part).toMatch(/Content-Disposition: attachment; filename=Award_RAT-2026-000001\.pdf/i);
    const body = part.slice(part.indexOf('\r\n\r\n') + 4).split('\r\n--')[0]!;
    expect(Buffer.from(body.replace(/\s+/g, ''), 'base64').equals(pdf)).toBe(true);
  });
});

describe('SMTP mailer', () => {
  let smtp: FakeSmtp;

  beforeEach(async () => {
    smtp = await startFakeSmtp();
  });
  afterEach(async () => {
    await smtp.close();
  });

  it('delivers through the SMTP dialogue with the right envelope and message', async () => {
    const mailer = createSmtpMailer({
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      ignoreTLS: true,
      from: 'Ratkaisu <no-reply@ratkaisu.local>',
      timeoutMs: 5_000,
    });
    expect(mailer.kind).toBe('smtp');
    try {
      await mailer.send({ to: 'liisa@example.fi', subject: finnishSubject, text: finnishText });
      await mailer.send({ to: 'pekka@example.fi', subject: 'Toinen viesti', text: '.alkaa pisteellä\n' });
    } finally {
      mailer.close();
    }

    expect(smtp.messages).toHaveLength(2);
    const [first, second] = smtp.messages;
    expect(first).toMatchObject({ from: 'no-reply@ratkaisu.local', to: ['liisa@example.fi'] });
    const { headers, body } = parseMail(first!.data);
    expect(decodeWords(headers.get('subject') ?? '')).toBe(finnishSubject);
    expect(headers.get('from')).toBe('Ratkaisu <no-reply@ratkaisu.local>');
    expect(headers.get('to')).toBe('liisa@example.fi');
    expect(headers.get('message-id')).toMatch(/^<.+@.+>$/);
    expect(body.replace(/\r\n/g, '\n').trimEnd()).toBe(finnishText.trimEnd());
    // Dot-stuffing survives the round trip.
    expect(parseMail(second!.data).body).toContain('.alkaa pisteell');

    // Pooled: both messages went over one connection (one greeting).
    expect(smtp.commands.filter((c) => /^EHLO /i.test(c))).toHaveLength(1);
    expect(smtp.commands.some((c) => /^STARTTLS/i.test(c))).toBe(false);
  });

  it('sends an attachment and answers the Message-ID of the message', async () => {
    const mailer = createSmtpMailer({
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      ignoreTLS: true,
      from: 'Ratkaisu <no-reply@ratkaisu.local>',
      timeoutMs: 5_000,
    });
    const pdf = Buffer.from('%PDF-1.7\nbinary\x00\xff\n%%EOF\n', 'latin1');
    try {
      const sent = await mailer.send({
        to: 'liisa@example.fi',
        subject: 'Award',
        text: 'Attached.',
        attachments: [{ fileName: 'Award.pdf', contentType: 'application/pdf', content: pdf }],
      });
      const data = smtp.messages[0]!.data;
      expect(sent.messageId).toMatch(/^<.+@.+>$/);
      expect(parseMail(data).headers.get('message-id')).toBe(sent.messageId);
      const part = data.split(/--[^\r\n]+\r\n/).find((chunk) => /filename=/i.test(chunk))!;
      const body = part.slice(part.indexOf('\r\n\r\n') + 4).split('\r\n--')[0]!;
      expect(Buffer.from(body.replace(/\s+/g, ''), 'base64').equals(pdf)).toBe(true);
    } finally {
      mailer.close();
    }
  });

  it('fails when the server cannot be reached', async () => {
    const closed = await startFakeSmtp();
    const port = closed.port;
    await closed.close();
    const mailer = createSmtpMailer({
      host: '127.0.0.1',
      port,
      secure: false,
      ignoreTLS: true,
      from: 'no-reply@ratkaisu.local',
      timeoutMs: 2_000,
    });
    try {
      await expect(mailer.send({ to: 'x@example.fi', subject: 's', text: 't' })).rejects.toThrow();
    } finally {
      mailer.close();
    }
  });
});

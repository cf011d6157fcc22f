/**
 * A tiny SMTP server on loopback (node:net) for the SMTP mailer's contract
 * test: EHLO/HELO, MAIL FROM, RCPT TO, DATA (with dot-unstuffing), RSET,
 * NOOP, QUIT. No TLS and no AUTH; it captures each message as sent.
 */
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface CapturedMail {
  from: string;
  to: string[];
  /** The message as transmitted (CRLF line ends, dot-unstuffed). */
  data: string;
}

export interface FakeSmtp {
  readonly port: number;
  readonly messages: CapturedMail[];
  /** Every command line received, in order (for asserting the dialogue). */
  readonly commands: string[];
  /** While on, every MAIL FROM is answered 451 (a mail server that is down for a while): nothing is taken. */
  refuse(on: boolean): void;
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const messages: CapturedMail[] = [];
  const commands: string[] = [];
  const sockets = new Set<Socket>();
  let refusing = false;

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.setEncoding('utf8');
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffer = '';
    let envelope: { from: string; to: string[] } | undefined;
    let data: string[] | undefined;

    reply('220 fake-smtp ESMTP ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === '.') {
            messages.push({ from: envelope?.from ?? '', to: envelope?.to ?? [], data: data.join('\r\n') + '\r\n' });
            data = undefined;
            envelope = undefined;
            reply('250 2.0.0 queued');
          } else {
            data.push(line.startsWith('..') ? line.slice(1) : line);
          }
          continue;
        }
        commands.push(line);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') {
          reply('250-fake-smtp greets you');
          reply('250-8BITMIME');
          reply('250 SMTPUTF8');
        } else if (verb === 'HELO') {
          reply('250 fake-smtp');
        } else if (verb === 'MAIL' && refusing) {
          reply('451 4.3.0 Mail server temporarily unavailable');
        } else if (verb === 'MAIL') {
          envelope = { from: /<([^>]*)>/.exec(line)?.[1] ?? '', to: [] };
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          if (!envelope) reply('503 5.5.1 MAIL first');
          else {
            envelope.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
            reply('250 2.1.5 ok');
          }
        } else if (verb === 'DATA') {
          if (!envelope || envelope.to.length === 0) reply('503 5.5.1 RCPT first');
          else {
            data = [];
            reply('354 end with <CRLF>.<CRLF>');
          }
        } else if (verb === 'RSET') {
          envelope = undefined;
          reply('250 ok');
        } else if (verb === 'NOOP') {
          reply('250 ok');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else {
          reply('502 5.5.2 not implemented');
        }
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });

  return {
    port: (server.address() as AddressInfo).port,
    messages,
    commands,
    refuse(on) {
      refusing = on;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

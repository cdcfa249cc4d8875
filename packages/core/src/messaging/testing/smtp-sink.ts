import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message an SmtpSink accepted: envelope sender and recipients, the raw message, its Message-ID header. */
export type SinkMessage = { from: string; to: string[]; raw: string; messageId: string };

/**
 * For tests: a local SMTP server (smtp-server, no TLS, no auth) on a free 127.0.0.1 port that keeps every message it
 * accepts. `delayMs` answers each message after that long (a slow provider); `rejects(address)` refuses a recipient
 * ('mailbox unavailable'). Resolves once listening with the messages array (filled as they arrive), the port, an
 * SMTP_URL for nodemailer and `close()`.
 */
export async function startSmtpSink(options: { delayMs?: number; rejects?: (address: string) => boolean } = {}): Promise<{
  received: SinkMessage[]; port: number; url: string; close: () => Promise<void>;
}> {
  const received: SinkMessage[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          messageId: /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? '',
        });
        if (options.delayMs) setTimeout(callback, options.delayMs);
        else callback();
      });
    },
    onRcptTo(address, _session, callback) {
      if (options.rejects?.(address.address)) return callback(new Error('mailbox unavailable'));
      callback();
    },
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', () => listening()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    received, port, url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}

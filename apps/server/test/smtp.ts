import { SMTPServer } from 'smtp-server';

export type CaughtMail = { to: string[]; subject: string; text: string; receivedAt: number };

export type TestSmtpServer = {
  port: number;
  url: string;
  messages: CaughtMail[];
  /** Resolves with the first message matching, waiting up to `timeoutMs`. */
  waitFor(match: (m: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
};

function decodeBody(headers: string, body: string): string {
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return Buffer.from(body, 'latin1').toString('utf8');
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) as nodemailer writes non-ASCII subjects. */
function decodeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeBody('content-transfer-encoding: quoted-printable', text.replace(/_/g, ' ')),
    );
}

/** Parses the single-part plain-text messages our mailer sends; enough for asserting what arrived. */
export function parseMessage(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const subject = decodeWords(/^subject:\s*(.*)$/im.exec(headers)?.[1]?.trim() ?? '');
  return { subject, text: decodeBody(headers, raw.slice(split + 4)) };
}

/** A real SMTP server on 127.0.0.1 (`port` 0: any free port) that keeps every message it receives. */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const messages: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    // No reverse DNS lookup of each client: it costs up to the resolver's timeout per connection.
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        messages.push({
          to,
          ...parseMessage(Buffer.concat(chunks).toString('latin1')),
          receivedAt: Date.now(),
        });
        callback();
      });
    },
  });
  const bound = await new Promise<number>((resolve, reject) => {
    server.on('error', reject);
    const net = server.listen(port, '127.0.0.1', () => {
      const address = net.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    messages,
    async waitFor(match, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`ingen e-post kom fram innen ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { SMTPServer } from 'smtp-server';

type CaughtAttachment = { filename: string; contentType: string; content: string };
export type CaughtMail = {
  to: string[];
  subject: string;
  text: string;
  attachments: CaughtAttachment[];
  receivedAt: number;
};

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

/** A message's (or a part's) unfolded headers and its body. */
function splitPart(raw: string): { headers: string; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  return { headers: raw.slice(0, split).replace(/\r\n[ \t]+/g, ' '), body: raw.slice(split + 4) };
}

const header = (headers: string, name: string) =>
  new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';

/**
 * Parses the messages our mailer sends: plain text, or `multipart/mixed` with the text first and files
 * attached (a report's CSV). Enough for asserting what arrived.
 */
export function parseMessage(raw: string): Omit<CaughtMail, 'to' | 'receivedAt'> {
  const { headers, body } = splitPart(raw);
  const subject = decodeWords(header(headers, 'subject'));
  const boundary = /boundary="?([^";]+)"?/i.exec(header(headers, 'content-type'))?.[1];
  if (!boundary) return { subject, text: decodeBody(headers, body), attachments: [] };
  const parts = body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => splitPart(part.replace(/^\r\n/, '').replace(/\r\n$/, '')));
  const text = parts.find((part) => !/attachment/i.test(header(part.headers, 'content-disposition')));
  return {
    subject,
    text: text ? decodeBody(text.headers, text.body) : '',
    attachments: parts
      .filter((part) => /attachment/i.test(header(part.headers, 'content-disposition')))
      .map((part) => ({
        filename: /filename="?([^";]+)"?/i.exec(header(part.headers, 'content-disposition'))?.[1] ?? '',
        contentType: header(part.headers, 'content-type'),
        content: decodeBody(part.headers, part.body),
      })),
  };
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

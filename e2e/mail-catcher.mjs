// A real SMTP server for the end-to-end run: it keeps every message it receives and serves them as JSON
// (GET /messages, newest last) on a second local port, so tests can read e-mails such as recovery links.
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

function decodeBody(headers, body) {
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return Buffer.from(body, 'latin1').toString('utf8');
}

/**
 * A header's RFC 2047 encoded words ('=?UTF-8?Q?P=C3=A5minnelse?=') as text: nodemailer encodes every
 * subject with a letter outside ASCII ('å', '–') that way, folded over several lines.
 */
function decodeWords(value) {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2') // whitespace between two encoded words is not part of the text
    .replace(/=\?([^?]+)\?([bq])\?([^?]*)\?=/gi, (_, charset, encoding, text) => {
      const bytes =
        encoding.toLowerCase() === 'b'
          ? Buffer.from(text, 'base64')
          : Buffer.from(
              text
                .replace(/_/g, ' ')
                .replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16))),
              'latin1',
            );
      try {
        return new TextDecoder(charset).decode(bytes);
      } catch {
        return bytes.toString('utf8'); // a charset TextDecoder does not know
      }
    });
}

/** Subject and text of the single-part plain-text messages the server sends. */
function parseMessage(raw) {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const subject = decodeWords(/^subject:\s*(.*)$/im.exec(headers)?.[1]?.trim() ?? '');
  return { subject, text: decodeBody(headers, raw.slice(split + 4)) };
}

function listen(server, port) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

/** Starts the SMTP server on `smtpPort` and the JSON mailbox on `mailboxPort`, both on 127.0.0.1. */
export async function startMailCatcher({ smtpPort, mailboxPort }) {
  const messages = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((recipient) => recipient.address);
        messages.push({
          to,
          receivedAt: new Date().toISOString(),
          ...parseMessage(Buffer.concat(chunks).toString('latin1')),
        });
        callback();
      });
    },
  });
  const mailbox = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/messages') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(messages));
      return;
    }
    response.writeHead(404).end();
  });
  await listen(smtp, smtpPort);
  await listen(mailbox, mailboxPort);
  return {
    url: `smtp://127.0.0.1:${smtpPort}`,
    close: () => Promise.all([new Promise((r) => smtp.close(r)), new Promise((r) => mailbox.close(r))]),
  };
}

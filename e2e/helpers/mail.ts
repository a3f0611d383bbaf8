import type { APIRequestContext } from '@playwright/test';
import { MAILBOX_URL } from '../playwright.config';

/** An e-mail the test SMTP server caught: its subject decoded, its text with CRLF line ends. */
export type CaughtMail = { to: string[]; subject: string; text: string; receivedAt: string };

/** Every e-mail to `address` the test SMTP server has caught so far, oldest first. */
export async function mailsTo(request: APIRequestContext, address: string): Promise<CaughtMail[]> {
  const messages = (await (await request.get(MAILBOX_URL)).json()) as CaughtMail[];
  return messages.filter((message) => message.to.includes(address));
}

export type MailWait = {
  /** How long to wait; 15 s unless told. */
  timeoutMs?: number;
  /** Only a mail this accepts (e.g. its subject), for an address that gets more than one. */
  where?: (mail: CaughtMail) => boolean;
  /** What `where` looks for, in the error when none came. */
  description?: string;
};

/** Waits for an e-mail to `address` at the test SMTP server (the first, or the first `where` accepts). */
export async function waitForMail(
  request: APIRequestContext,
  address: string,
  { timeoutMs = 15_000, where = () => true, description }: MailWait = {},
): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = await mailsTo(request, address);
    const found = messages.find(where);
    if (found) return found;
    if (Date.now() > deadline) {
      const what = description ? ` (${description})` : '';
      const got = messages.map((m) => m.subject);
      throw new Error(
        `ingen e-post til ${address}${what} innen ${timeoutMs} ms; fikk: ${JSON.stringify(got)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

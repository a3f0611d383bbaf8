import type { APIRequestContext } from '@playwright/test';
import { MAILBOX_URL } from '../playwright.config';

type CaughtMail = { to: string[]; subject: string; text: string };

/** Waits for an e-mail to `address` at the test SMTP server and answers it. */
export async function waitForMail(request: APIRequestContext, address: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = (await (await request.get(MAILBOX_URL)).json()) as CaughtMail[];
    const found = messages.find((message) => message.to.includes(address));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`ingen e-post til ${address} innen ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

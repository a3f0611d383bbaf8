import type { APIRequestContext } from '@playwright/test';
import { MAILBOX_URL } from '../playwright.config';

type CaughtMail = { to: string[]; subject: string; text: string };

/** Every e-mail to `address` the test SMTP server has caught so far, oldest first. */
export async function mailsTo(request: APIRequestContext, address: string): Promise<CaughtMail[]> {
  const messages = (await (await request.get(MAILBOX_URL)).json()) as CaughtMail[];
  return messages.filter((message) => message.to.includes(address));
}

/** Waits for an e-mail to `address` at the test SMTP server and answers it. */
export async function waitForMail(request: APIRequestContext, address: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [found] = await mailsTo(request, address);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`ingen e-post til ${address} innen ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

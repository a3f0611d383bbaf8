import { RECOVERY_PAGE_PATH, RECOVERY_TOKEN_TTL_SECONDS } from '@vaskedrift/shared';
import type { EmailMessage } from '../notifications';

const RECOVERY_EMAIL_KIND = 'auth/recovery';

export function recoveryLink(publicUrl: string, token: string): string {
  return `${publicUrl}${RECOVERY_PAGE_PATH}?token=${encodeURIComponent(token)}`;
}

/** The recovery e-mail, in Norwegian, plain text (it reads the same in every mail client). */
export function recoveryEmail(input: { to: string; firstName: string; link: string }): EmailMessage {
  const minutes = RECOVERY_TOKEN_TTL_SECONDS / 60;
  return {
    to: input.to,
    kind: RECOVERY_EMAIL_KIND,
    subject: 'Tilbakestill passordet ditt i Vaskedrift',
    text: [
      `Hei ${input.firstName},`,
      '',
      'Vi har fått en forespørsel om å tilbakestille passordet ditt i Vaskedrift.',
      'Åpne lenken under for å velge et nytt passord:',
      '',
      input.link,
      '',
      `Lenken virker én gang og er gyldig i ${minutes} minutter.`,
      'Har du ikke bedt om dette, kan du se bort fra e-posten. Passordet ditt er ikke endret.',
      '',
      'Hilsen Vaskedrift',
    ].join('\n'),
  };
}

import { getAuth } from '../../lib/auth-client';

const verifications = new Map<string, Promise<void>>();

/**
 * Spends a recovery link's token once (it works only once, so a second call — a re-render, React's
 * strict mode — must reuse the first answer). Resolves with a recovery session in place.
 */
export function verifyRecoveryToken(token: string): Promise<void> {
  let verification = verifications.get(token);
  if (!verification) {
    verification = getAuth()
      .then((auth) => auth.verifyOtp({ type: 'recovery', token_hash: token }))
      .then(({ error }) => {
        if (error) throw error;
      });
    verifications.set(token, verification);
  }
  return verification;
}

/** True when the session in hand still needs the two-factor code before the password may change. */
export async function recoveryNeedsCode(): Promise<boolean> {
  const { data, error } = await (await getAuth()).mfa.getAuthenticatorAssuranceLevel();
  if (error) throw error;
  return data.nextLevel === 'aal2' && data.currentLevel !== 'aal2';
}

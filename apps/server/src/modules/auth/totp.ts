import { TOTP_ISSUER } from '@vaskedrift/shared';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** One step either side of now is accepted, for clocks a little off (RFC 6238's recommended window). */
const TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URI authenticator apps read, labelled with the product and the user's e-mail. */
export function totpUri(secret: string, accountName: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: accountName, secret });
}

/** The URI as a bare SVG QR code (auth-js turns it into a data URI). */
export function totpQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}

/**
 * The time step a code belongs to, or null when it is wrong — or belongs to a step at or before
 * `lastUsedStep`, so a code (or an older one) can never be used twice.
 */
export async function matchTotpStep(
  secret: string,
  code: string,
  lastUsedStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(lastUsedStep === null ? {} : { afterTimeStep: lastUsedStep }),
  });
  if (!result.valid || !('timeStep' in result)) return null;
  return result.timeStep;
}

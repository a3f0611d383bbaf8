import { createHmac, timingSafeEqual } from 'node:crypto';
import { SNAPSHOT_URL_TTL_SECONDS } from '@vaskedrift/shared';
import { deriveKey } from '../../lib/crypto';

/**
 * Signed, short-lived snapshot URLs. An <img> cannot send the bearer token, so the camera list hands out
 * `?token=<userId>.<expiry>.<mac>` bound to one camera and one user; the proxy checks the signature, the
 * expiry, and then the user's access again (docs/decisions/006-images.md).
 */
export function createSnapshotSigner(secretKey: string) {
  const key = deriveKey(secretKey, 'camera-snapshot');
  const mac = (cameraId: string, userId: string, expires: number) =>
    createHmac('sha256', key).update(`${cameraId}.${userId}.${expires}`).digest('base64url');

  function sign(cameraId: string, userId: string, nowMs = Date.now()) {
    const expires = Math.floor(nowMs / 1000) + SNAPSHOT_URL_TTL_SECONDS;
    return {
      token: `${userId}.${expires}.${mac(cameraId, userId, expires)}`,
      expiresAt: new Date(expires * 1000),
    };
  }

  /** The user the token was issued to, or null when it is forged, for another camera, or expired. */
  function verify(cameraId: string, token: string, nowMs = Date.now()): string | null {
    const [userId, expiresText, given] = token.split('.');
    const expires = Number(expiresText);
    if (!userId || !given || !Number.isInteger(expires) || expires * 1000 < nowMs) return null;
    const expected = Buffer.from(mac(cameraId, userId, expires));
    const actual = Buffer.from(given);
    return actual.length === expected.length && timingSafeEqual(actual, expected) ? userId : null;
  }

  return { sign, verify };
}

export type SnapshotSigner = ReturnType<typeof createSnapshotSigner>;

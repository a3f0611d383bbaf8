import { describe, expect, it } from 'vitest';
import { createSnapshotSigner } from './snapshot-token';

const signer = createSnapshotSigner('x'.repeat(40));
const camera = '0b6f4f0e-3d0a-4c55-9b1e-2f7d1c9a0001';
const other = '0b6f4f0e-3d0a-4c55-9b1e-2f7d1c9a0002';
const user = '5a1c2b3d-0000-4000-8000-000000000001';

describe('snapshot tokens', () => {
  it('verifies to the user it was issued to, for 15 minutes', () => {
    const now = Date.now();
    const { token, expiresAt } = signer.sign(camera, user, now);
    expect(signer.verify(camera, token, now)).toBe(user);
    expect(expiresAt.getTime() - now).toBeGreaterThan(14 * 60 * 1000);
    expect(signer.verify(camera, token, now + 16 * 60 * 1000)).toBeNull();
  });

  it('is bound to its camera and cannot be altered', () => {
    const { token } = signer.sign(camera, user);
    expect(signer.verify(other, token)).toBeNull();
    const [, expires, mac] = token.split('.');
    expect(signer.verify(camera, `${other}.${expires}.${mac}`)).toBeNull();
    expect(signer.verify(camera, `${user}.${Number(expires) + 3600}.${mac}`)).toBeNull();
    expect(signer.verify(camera, 'tull')).toBeNull();
  });

  it('is keyed by the secret', () => {
    const { token } = createSnapshotSigner('y'.repeat(40)).sign(camera, user);
    expect(signer.verify(camera, token)).toBeNull();
  });
});

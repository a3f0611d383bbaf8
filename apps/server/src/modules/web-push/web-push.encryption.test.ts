import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptAes128gcm } from '../../../../../e2e/helpers/push-service';
import { createPushEncryption } from './web-push.encryption';
import { createEncryptionPool } from './web-push.encryption-pool';

/** A browser's subscription keys: its P-256 pair and auth secret, and what it hands the server. */
function subscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, p256dh: ecdh.getPublicKey('base64url'), authText: auth.toString('base64url') };
}

describe('aes128gcm for a push subscription (RFC 8291)', () => {
  const encrypt = createPushEncryption();

  it("decrypts with the subscription's private key and auth secret (the local push service's own decryption)", () => {
    const browser = subscription();
    const plaintext = JSON.stringify({
      title: 'Kritisk: Vask Bryn – Hall 1',
      body: 'Vanntrykk 1,2 bar · æøå',
    });
    const body = encrypt(browser.p256dh, browser.authText, plaintext);
    expect(decryptAes128gcm(body, browser.ecdh, browser.auth)).toBe(plaintext);
    expect(body.readUInt32BE(16)).toBe(4096);
    expect(body.readUInt8(20)).toBe(65);
  });

  it('uses a new key pair and salt for every message, even to the same subscription', () => {
    const browser = subscription();
    const first = encrypt(browser.p256dh, browser.authText, 'a');
    const second = encrypt(browser.p256dh, browser.authText, 'a');
    expect(second.subarray(21, 86).equals(first.subarray(21, 86))).toBe(false);
    expect(second.subarray(0, 16).equals(first.subarray(0, 16))).toBe(false);
    expect(decryptAes128gcm(second, browser.ecdh, browser.auth)).toBe('a');
  });

  it('refuses keys that make no key agreement', () => {
    const browser = subscription();
    expect(() => encrypt(browser.p256dh.slice(0, 40), browser.authText, 'a')).toThrow();
    expect(() => encrypt(browser.p256dh, browser.authText.slice(0, 10), 'a')).toThrow();
    const offCurve = Buffer.from(browser.ecdh.getPublicKey());
    offCurve[64] = (offCurve[64] ?? 0) ^ 1;
    expect(() => encrypt(offCurve.toString('base64url'), browser.authText, 'a')).toThrow();
  });
});

describe('the encryption threads', () => {
  it('encrypt each job for its own subscription, in order, and answer keys that make no agreement with an error', async () => {
    const failures: unknown[] = [];
    const pool = createEncryptionPool({ threads: 1, onFailure: (err) => failures.push(err) });
    try {
      const browsers = [subscription(), subscription(), subscription()];
      const jobs = browsers.map((browser, index) => ({
        p256dh: browser.p256dh,
        auth: browser.authText,
        plaintext: `melding ${index} · æøå`,
      }));
      const results = await pool.encrypt([...jobs, { ...jobs[0], p256dh: 'kort' } as (typeof jobs)[0]]);
      for (const [index, browser] of browsers.entries()) {
        const body = results[index];
        if (!(body instanceof Buffer)) throw new Error(`job ${index}: ${String(body)}`);
        expect(decryptAes128gcm(body, browser.ecdh, browser.auth)).toBe(`melding ${index} · æøå`);
      }
      expect(results[3]).toBeInstanceOf(Error);
      expect(failures).toEqual([]);
    } finally {
      await pool.close();
    }
  });
});

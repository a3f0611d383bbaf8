import * as nodeCrypto from 'node:crypto';

/** Encrypts one push message for a subscription: its `p256dh` and `auth` keys (base64url) and the plaintext. */
export type PushEncrypt = (p256dh: string, auth: string, plaintext: string) => Buffer;

/**
 * The aes128gcm body of a push message for a subscription (RFC 8291 with RFC 8188): a new P-256 key pair
 * for every message (RFC 8291 §3.1), ECDH with the subscription's key, the two HKDF steps with its auth
 * secret and a random salt, and one AES-128-GCM record. The same steps as the `web-push` library's
 * (`http_ece`), with one ECDH object whose key pair `generateKeys()` replaces per message (the library
 * builds a new object each time) and HKDF as five HMACs, the salt's extract shared by the key and the nonce
 * (Node's `hkdfSync` makes key objects and costs twice as much here): issue 27, bench/web-push.ts. The
 * returned function throws when the subscription's keys make no key agreement.
 *
 * Self-contained (everything it uses comes in as `crypto`): the encryption threads run its source
 * (`web-push.encryption-pool.ts`), so it must not refer to anything else in this module.
 */
export function pushEncryptionSteps(crypto: typeof nodeCrypto): PushEncrypt {
  /** The record size written in the header: one record holds our whole payload (≤ 3 KiB, decision 038). */
  const RECORD_SIZE = 4096;
  const KEY_INFO = Buffer.from('WebPush: info\0');
  const CEK_INFO = Buffer.from('Content-Encoding: aes128gcm\0');
  const NONCE_INFO = Buffer.from('Content-Encoding: nonce\0');
  /** The last (only) record's delimiter (RFC 8188 §2). */
  const LAST_RECORD = Buffer.from([2]);
  const FIRST_BLOCK = Buffer.from([1]);
  /** HKDF-Extract (RFC 5869 §2.2) with SHA-256. */
  const extract = (salt: Buffer, ikm: Buffer) => crypto.createHmac('sha256', salt).update(ikm).digest();
  /** HKDF-Expand (RFC 5869 §2.3) for at most 32 bytes: its first block is enough. */
  const expand = (prk: Buffer, info: Buffer, length: number) =>
    crypto.createHmac('sha256', prk).update(info).update(FIRST_BLOCK).digest().subarray(0, length);
  const ecdh = crypto.createECDH('prime256v1');
  return (p256dh, auth, plaintext) => {
    const userPublicKey = Buffer.from(p256dh, 'base64url');
    const authSecret = Buffer.from(auth, 'base64url');
    if (userPublicKey.length !== 65) throw new Error('p256dh er ikke en P-256-nøkkel på 65 byte');
    if (authSecret.length < 16) throw new Error('auth er kortere enn 16 byte');
    const serverPublicKey = ecdh.generateKeys();
    const sharedSecret = ecdh.computeSecret(userPublicKey);
    const keyInfo = Buffer.concat([KEY_INFO, userPublicKey, serverPublicKey]);
    const ikm = expand(extract(authSecret, sharedSecret), keyInfo, 32);
    const salt = crypto.randomBytes(16);
    const prk = extract(salt, ikm);
    const cek = expand(prk, CEK_INFO, 16);
    const nonce = expand(prk, NONCE_INFO, 12);
    const cipher = crypto.createCipheriv('aes-128-gcm', cek, nonce);
    const header = Buffer.alloc(21);
    salt.copy(header, 0);
    header.writeUInt32BE(RECORD_SIZE, 16);
    header.writeUInt8(serverPublicKey.length, 20);
    return Buffer.concat([
      header,
      serverPublicKey,
      cipher.update(plaintext, 'utf8'),
      cipher.update(LAST_RECORD),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
  };
}

/** RFC 8291's encryption on this thread (one ECDH object, reused for every message's new key pair). */
export function createPushEncryption(): PushEncrypt {
  return pushEncryptionSteps(nodeCrypto);
}

import webpush from 'web-push';
import type { Db } from '../../db/client';
import { deriveKey } from '../../lib/crypto';
import { open, seal } from '../../lib/secret-box';
import { findKeys, insertKeysOnce } from './web-push.repository';

export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * The server's VAPID key pair (RFC 8292), made once at the first start and kept in the database with the
 * private key sealed under a key derived from SECRET_KEY (like API secrets, decision 015): every instance
 * shares it and backups carry it. Answers the same pair for the life of the process.
 */
export function createVapidKeys(db: Db, secretKey: string): () => Promise<VapidKeys> {
  const box = deriveKey(secretKey, 'web-push-vapid');
  let loading: Promise<VapidKeys> | null = null;
  async function load(): Promise<VapidKeys> {
    const stored =
      (await findKeys(db)) ??
      (await (async () => {
        const made = webpush.generateVAPIDKeys();
        return insertKeysOnce(db, { publicKey: made.publicKey, privateKey: seal(box, made.privateKey) });
      })());
    return { publicKey: stored.publicKey, privateKey: open(box, stored.privateKey) };
  }
  return () => {
    loading ??= load().catch((err: unknown) => {
      loading = null;
      throw err;
    });
    return loading;
  };
}

/**
 * Who the push services may contact about our pushes (the JWT's `sub`): the public address when it is https,
 * else the sender address of e-mails.
 */
export function vapidSubject(publicUrl: string, mailFrom: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

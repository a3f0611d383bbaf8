/*
 * Which instance checks which API (decision 041). An API falls in one of `BUCKETS` buckets by its id
 * (computed in the claim, `API_BUCKET_SQL`); each bucket belongs to the live instance that wins it by
 * rendezvous (highest-random-weight) hashing. Every instance computes the same owners from the same list
 * of live instance keys, in any order, and an instance that joins or leaves moves only the buckets it
 * wins or held: about 1/N of them, so the other instances' rules caches stay warm.
 */

/** Buckets the APIs are spread over: enough that two or three instances get shares within a few percent. */
export const BUCKETS = 1024;

/** An API's bucket, as the claim computes it (`hashtext` is PostgreSQL's own, the same on every instance). */
export const API_BUCKET_SQL = `(hashtext(id::text) & ${BUCKETS - 1})`;

/** FNV-1a over the UTF-16 code units of a string: a stable 32-bit seed for an instance key. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** MurmurHash3's finaliser: spreads every input bit over the whole word. */
function mix(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The weight of an instance for a bucket: the instance with the highest weight owns it. */
function weight(instanceKey: string, bucket: number): number {
  return mix(fnv1a(instanceKey) ^ mix(bucket + 1));
}

/** The owner of one bucket among the live instances (ties, which are rare, go to the smaller key). */
export function ownerOf(bucket: number, live: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestWeight = -1;
  for (const key of live) {
    const w = weight(key, bucket);
    if (w > bestWeight || (w === bestWeight && best !== undefined && key < best)) {
      best = key;
      bestWeight = w;
    }
  }
  return best;
}

/** The buckets `self` owns among the live instances; `self` counts as live whether listed or not. */
export function bucketsOwnedBy(self: string, live: readonly string[]): number[] {
  const everyone = live.includes(self) ? live : [...live, self];
  const owned: number[] = [];
  for (let bucket = 0; bucket < BUCKETS; bucket++) {
    if (ownerOf(bucket, everyone) === self) owned.push(bucket);
  }
  return owned;
}

/**
 * Buckets as the bit string the claim reads with PostgreSQL's `get_bit(bytea, n)`, which numbers the bits
 * of each byte from the least significant one.
 */
export function bucketBitmap(buckets: Iterable<number>): Buffer {
  const bitmap = Buffer.alloc(BUCKETS / 8);
  for (const bucket of buckets) {
    const byte = bucket >> 3;
    bitmap[byte] = (bitmap[byte] ?? 0) | (1 << (bucket & 7));
  }
  return bitmap;
}

export function hasBucket(bitmap: Buffer, bucket: number): boolean {
  return (((bitmap[bucket >> 3] ?? 0) >> (bucket & 7)) & 1) === 1;
}

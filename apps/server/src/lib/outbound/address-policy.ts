import { isIP } from 'node:net';

/**
 * What kind of network an IP address belongs to, as far as outbound requests care. The checks run on
 * numbers, not strings, so every spelling of an address (`::ffff:7f00:1`, `0:0:0:0:0:ffff:127.0.0.1`)
 * lands in the same class.
 */
export type AddressClass =
  | 'public'
  | 'private'
  | 'loopback'
  | 'link-local'
  | 'metadata'
  | 'unspecified'
  | 'multicast'
  | 'reserved';

/**
 * Which optional address classes outbound requests may reach (from config.ts), and the exact loopback
 * `address:port` pairs reachable even when loopback is not (the demo's simulator; decision 016).
 */
export type OutboundPolicy = {
  allowLoopback: boolean;
  allowPrivate: boolean;
  loopbackTargets?: readonly string[];
};

/** `127.0.0.1:8080`, `[::1]:8080`: the spelling `loopbackTargets` entries use. */
export function loopbackTarget(address: string, port: number): string {
  const bare = address.replace(/^\[|\]$/g, '');
  return isIP(bare) === 6 ? `[${bare}]:${port}` : `${bare}:${port}`;
}

/** Cloud metadata services: AWS/GCP/Azure/Oracle, Alibaba, AWS over IPv6. */
const METADATA_V4 = new Set([ipv4ToNumber('169.254.169.254'), ipv4ToNumber('100.100.100.200')]);

function ipv4ToNumber(address: string): number {
  const parts = address.split('.').map(Number);
  return (((parts[0] ?? 0) << 24) | ((parts[1] ?? 0) << 16) | ((parts[2] ?? 0) << 8) | (parts[3] ?? 0)) >>> 0;
}

function inV4(value: number, base: string, bits: number): boolean {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return (value & mask) >>> 0 === (ipv4ToNumber(base) & mask) >>> 0;
}

function classifyV4(value: number): AddressClass {
  if (METADATA_V4.has(value)) return 'metadata';
  if (inV4(value, '0.0.0.0', 8)) return 'unspecified';
  if (inV4(value, '127.0.0.0', 8)) return 'loopback';
  if (inV4(value, '169.254.0.0', 16)) return 'link-local';
  if (inV4(value, '224.0.0.0', 4)) return 'multicast';
  // 240/4 is reserved, and its last address is the limited broadcast 255.255.255.255.
  if (inV4(value, '240.0.0.0', 4)) return 'reserved';
  if (
    inV4(value, '10.0.0.0', 8) ||
    inV4(value, '172.16.0.0', 12) ||
    inV4(value, '192.168.0.0', 16) ||
    inV4(value, '100.64.0.0', 10) ||
    inV4(value, '198.18.0.0', 15)
  ) {
    return 'private';
  }
  return 'public';
}

/** Eight 16-bit groups of an IPv6 address (zone id dropped, dotted IPv4 tail allowed), or null. */
export function parseIpv6(address: string): number[] | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIP(bare) !== 6) return null;
  let text = bare;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const v4 = ipv4ToNumber(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : new Array(8 - headGroups.length - tailGroups.length).fill('0');
  const groups = [...headGroups, ...fill, ...tailGroups].map((g) => Number.parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}

function classifyV6(g: number[]): AddressClass {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const embeddedV4 = ((g6 << 16) | g7) >>> 0;
  const firstFiveZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (firstFiveZero && g5 === 0 && g6 === 0 && (g7 === 0 || g7 === 1)) {
    return g7 === 0 ? 'unspecified' : 'loopback';
  }
  // IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d and IPv4-translated ::ffff:0:a.b.c.d reach
  // the IPv4 address itself: judge them as that address.
  if (firstFiveZero && (g5 === 0xffff || g5 === 0)) return classifyV4(embeddedV4);
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0xffff && g5 === 0)
    return classifyV4(embeddedV4);
  // NAT64 (64:ff9b::/96 and the local-use 64:ff9b:1::/48) hands the embedded IPv4 address to a gateway.
  if (g0 === 0x64 && g1 === 0xff9b && (g2 === 0 || g2 === 1)) return classifyV4(embeddedV4);
  // 6to4 (2002::/16) carries an IPv4 address in its second and third groups.
  if (g0 === 0x2002) return classifyV4(((g1 << 16) | g2) >>> 0);
  if (
    g0 === 0xfd00 &&
    g1 === 0x0ec2 &&
    g2 === 0 &&
    g3 === 0 &&
    g4 === 0 &&
    g5 === 0 &&
    g6 === 0 &&
    g7 === 0x254
  ) {
    return 'metadata';
  }
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  if ((g0 & 0xfe00) === 0xfc00 || (g0 & 0xffc0) === 0xfec0) return 'private';
  if (g0 === 0x0100 && g1 === 0 && g2 === 0 && g3 === 0) return 'reserved';
  return 'public';
}

/** The class of an IP address, or null when `address` is not an IP address. */
export function classifyAddress(address: string): AddressClass | null {
  const bare = address.replace(/^\[|\]$/g, '');
  if (isIP(bare) === 4) return classifyV4(ipv4ToNumber(bare));
  const groups = parseIpv6(bare);
  return groups ? classifyV6(groups) : null;
}

/**
 * The reason `address` may not be reached under `policy`, or null when it may. Link-local, metadata,
 * unspecified, multicast and reserved addresses are never reachable; loopback and private ranges
 * depend on the policy. A loopback address listed with its port in `loopbackTargets` is reachable on
 * that port only, so the caller passes the port whenever it knows it; without one the exception never
 * applies (an address written another way is refused too: the list is matched exactly).
 */
export function refusedClass(address: string, policy: OutboundPolicy, port?: number): AddressClass | null {
  const kind = classifyAddress(address);
  if (kind === null) return 'reserved';
  if (kind === 'public') return null;
  if (kind === 'loopback') {
    if (policy.allowLoopback) return null;
    const listed = port !== undefined && policy.loopbackTargets?.includes(loopbackTarget(address, port));
    return listed ? null : kind;
  }
  if (kind === 'private') return policy.allowPrivate ? null : kind;
  return kind;
}

export const REFUSED_ADDRESS_MESSAGES: Record<Exclude<AddressClass, 'public'>, string> = {
  'link-local': 'Adressen er ikke tillatt (lenke-lokal/metadata)',
  metadata: 'Adressen er ikke tillatt (lenke-lokal/metadata)',
  unspecified: 'Adressen er ikke tillatt (uspesifisert adresse)',
  multicast: 'Adressen er ikke tillatt (multicast)',
  reserved: 'Adressen er ikke tillatt (reservert adresse)',
  loopback: 'Adressen er ikke tillatt (loopback)',
  private: 'Adressen er ikke tillatt (privat nett)',
};

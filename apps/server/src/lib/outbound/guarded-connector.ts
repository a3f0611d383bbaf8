import { lookup as dnsLookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { buildConnector } from 'undici';
import { type OutboundPolicy, REFUSED_ADDRESS_MESSAGES, refusedClass } from './address-policy';
import { OutboundError } from './outbound-error';

function forbiddenAddress(
  address: string,
  policy: OutboundPolicy,
  host: string,
  port?: number,
): OutboundError | null {
  const refused = refusedClass(address, policy, port);
  if (!refused || refused === 'public') return null;
  return new OutboundError('forbidden-address', REFUSED_ADDRESS_MESSAGES[refused], host);
}

/**
 * DNS lookup that refuses the whole host when any address it resolves to is refused: a name that
 * answers with one public and one metadata address is an attack, not a misconfiguration.
 */
function guardedLookup(policy: OutboundPolicy, resolve: typeof dnsLookup = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      for (const { address } of addresses) {
        const refusal = forbiddenAddress(address, policy, hostname);
        if (refusal) return callback(refusal as NodeJS.ErrnoException, '', 0);
      }
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' }), '', 0);
      if (options.all) return callback(null, addresses);
      return callback(null, first.address, first.family);
    });
  };
}

/**
 * An undici connector that checks every connection: literal IP hosts before connecting (Node skips the
 * lookup for them), names through the guarded lookup, and finally the address the socket actually
 * reached — so a DNS answer that changes between check and connect (rebinding) is still caught.
 */
export function guardedConnector(
  policy: OutboundPolicy,
  connectTimeoutMs: number,
  resolve?: typeof dnsLookup,
): buildConnector.connector {
  const connect = buildConnector({ lookup: guardedLookup(policy, resolve), timeout: connectTimeoutMs });
  return (options, callback) => {
    const host = options.hostname.replace(/^\[|\]$/g, '');
    const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80);
    if (isIP(host)) {
      const refusal = forbiddenAddress(host, policy, host, port);
      if (refusal) return callback(refusal, null);
    }
    connect(options, (err, socket) => {
      if (err || !socket) return callback(err ?? new Error('Ingen forbindelse'), null);
      const remote = socket.remoteAddress;
      const refusal = remote ? forbiddenAddress(remote, policy, host, socket.remotePort) : null;
      if (!remote || refusal) {
        socket.destroy();
        return callback(refusal ?? new OutboundError('connect', `Fikk ikke kontakt med ${host}`, host), null);
      }
      callback(null, socket);
    });
  };
}

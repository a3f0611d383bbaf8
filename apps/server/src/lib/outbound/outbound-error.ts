/** Why an outbound request failed; the code a caller (API log, camera proxy) can act on. */
export type OutboundFailure =
  | 'invalid-url'
  | 'scheme'
  | 'forbidden-address'
  | 'dns'
  | 'connect'
  | 'tls'
  | 'timeout'
  | 'too-large'
  | 'redirect'
  | 'too-many-redirects'
  | 'decoding'
  | 'network';

/** A refused or failed outbound request, with a Norwegian reason fit to show an admin. */
export class OutboundError extends Error {
  readonly code: string;

  constructor(
    readonly reason: OutboundFailure,
    message: string,
    readonly target: string | null = null,
  ) {
    super(message);
    this.name = 'OutboundError';
    this.code = `outbound/${reason}`;
  }
}

const nb = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 1 });

export function formatSeconds(ms: number): string {
  return `${nb.format(ms / 1000)} s`;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${nb.format(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${nb.format(bytes / 1024)} kB`;
  return `${bytes} byte`;
}

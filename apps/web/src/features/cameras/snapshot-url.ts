/** The snapshot URL with a changing `_t` parameter, so the browser fetches a new picture each time. */
export function withCacheBuster(url: string, tick: number): string {
  const [path, hash] = url.split('#', 2);
  const separator = path?.includes('?') ? '&' : '?';
  return `${path}${separator}_t=${tick}${hash === undefined ? '' : `#${hash}`}`;
}

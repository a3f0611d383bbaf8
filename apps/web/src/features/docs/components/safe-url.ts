const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * The URL a Markdown link or image may keep: http(s), mailto and addresses within the app (`/…`, `#…`,
 * `?…`, a relative path). Anything else (`javascript:`, `data:`, `vbscript:`, `file:` …) is dropped: null.
 * Control characters and spaces browsers ignore inside a scheme (`java\tscript:`) are removed before it is
 * judged, so they cannot smuggle one past.
 */
export function safeUrl(url: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers strip these from URLs, so must we
  const cleaned = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (cleaned === '') return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned)?.[1];
  if (scheme === undefined) {
    // No scheme: relative, unless it starts like a protocol-relative address to another host.
    return cleaned.startsWith('//') || cleaned.startsWith('\\') ? null : url.trim();
  }
  return ALLOWED_PROTOCOLS.has(`${scheme.toLowerCase()}:`) ? url.trim() : null;
}

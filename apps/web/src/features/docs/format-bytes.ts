import { formatBytes as formatSize } from '../../lib/relative-time';

/** A file size for people: '850 B', '12,4 kB', '1 MB' in the one number format (docs/domain.md, Numbers). */
export function formatBytes(bytes: number, language = 'nb'): string {
  return formatSize(bytes, language) ?? '–';
}

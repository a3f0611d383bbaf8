/** A file size for people: '850 B', '12,4 kB', '1 MB' in the language's number format. */
export function formatBytes(bytes: number, language = 'nb'): string {
  const format = (value: number, unit: string) =>
    `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value)} ${unit}`;
  if (bytes < 1024) return format(bytes, 'B');
  if (bytes < 1024 * 1024) return format(bytes / 1024, 'kB');
  return format(bytes / (1024 * 1024), 'MB');
}

import { describe, expect, it } from 'vitest';
import { formatBytes, formatSeconds } from './outbound-error';

describe('reasons in Norwegian', () => {
  it('says deadlines in seconds with a decimal comma', () => {
    expect(formatSeconds(10_000)).toBe('10 s');
    expect(formatSeconds(300)).toBe('0,3 s');
  });

  it('says sizes in MB, kB or bytes', () => {
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatBytes(1536)).toBe('1,5 kB');
    expect(formatBytes(900)).toBe('900 byte');
  });
});

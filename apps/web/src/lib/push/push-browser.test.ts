import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, deviceLabel, needsHomeScreen } from './push-browser';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0';
const LINUX_FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe('deviceLabel', () => {
  it('names the browser and the system in Norwegian', () => {
    expect(deviceLabel(ANDROID_CHROME)).toBe('Chrome på Android');
    expect(deviceLabel(IPHONE_SAFARI)).toBe('Safari på iPhone');
    expect(deviceLabel(WINDOWS_EDGE)).toBe('Edge på Windows');
    expect(deviceLabel(LINUX_FIREFOX)).toBe('Firefox på Linux');
    expect(deviceLabel('')).toBe('Nettleser');
  });
});

describe('needsHomeScreen', () => {
  it('is true on an iPhone in Safari, not in the installed app nor elsewhere', () => {
    expect(needsHomeScreen(IPHONE_SAFARI, false)).toBe(true);
    expect(needsHomeScreen(IPHONE_SAFARI, true)).toBe(false);
    expect(needsHomeScreen(ANDROID_CHROME, false)).toBe(false);
  });
});

describe('base64UrlToBytes', () => {
  it('reads unpadded base64url', () => {
    expect([...base64UrlToBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
  });
});

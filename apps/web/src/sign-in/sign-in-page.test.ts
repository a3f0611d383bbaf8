import { describe, expect, it } from 'vitest';
import { signInAddress } from './sign-in-page';

const at = (href: string) => {
  const url = new URL(href, 'https://vask.example');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
};

describe('signInAddress', () => {
  it('keeps the sign-in page as it was asked for', () => {
    expect(signInAddress(at('/sign-in'))).toBe('/sign-in');
    expect(signInAddress(at('/sign-in?redirect=%2Flocations'))).toBe('/sign-in?redirect=%2Flocations');
  });

  it('leaves the other public pages to the app', () => {
    expect(signInAddress(at('/sign-in/forgot'))).toBeNull();
    expect(signInAddress(at('/sign-in/reset?token=abc'))).toBeNull();
  });

  it('sends any other page to the sign-in page with the way back, as the guard does', () => {
    expect(signInAddress(at('/'))).toBe('/sign-in');
    expect(signInAddress(at('/login'))).toBe('/sign-in');
    const back = (href: string) =>
      new URLSearchParams(signInAddress(at(href))?.split('?')[1]).get('redirect');
    expect(back('/locations/7?tab=bays#x')).toBe('/locations/7?tab=bays#x');
    // An alert e-mail's link opens a bay's panel on the dashboard.
    expect(back('/?bay=b1')).toBe('/?bay=b1');
  });
});

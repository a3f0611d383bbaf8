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
    const address = signInAddress(at('/locations/7?tab=bays#x'));
    expect(new URLSearchParams(address?.split('?')[1]).get('redirect')).toBe('/locations/7?tab=bays#x');
  });
});

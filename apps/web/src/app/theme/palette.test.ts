import { describe, expect, it } from 'vitest';
import { BASE_SHADE_INDEX, generatePalette, parseHex, rgbToOklch, toHex } from './palette';

const lightness = (hex: string) => rgbToOklch(parseHex(hex)).l;

describe('generatePalette', () => {
  it('gives ten hex shades with the brand colour as shade 5', () => {
    const palette = generatePalette('#50CD89');
    expect(palette).toHaveLength(10);
    expect(palette[BASE_SHADE_INDEX]).toBe('#50cd89');
    for (const shade of palette) expect(shade).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('runs from light to dark without steps back', () => {
    const values = generatePalette('#50CD89').map(lightness);
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeLessThan(values[i - 1] as number);
    expect(values[0]).toBeGreaterThan(0.95);
  });

  it('keeps the hue of the brand colour', () => {
    const baseHue = rgbToOklch(parseHex('#50CD89')).h;
    for (const shade of generatePalette('#50CD89').slice(1, 9)) {
      expect(Math.abs(rgbToOklch(parseHex(shade)).h - baseHue)).toBeLessThan(0.08);
    }
  });

  it('works for other colours and short hex', () => {
    const palette = generatePalette('#f00');
    expect(palette[BASE_SHADE_INDEX]).toBe('#ff0000');
    expect(new Set(palette).size).toBe(10);
  });

  it('rejects what is not a colour', () => {
    expect(() => generatePalette('green')).toThrow();
  });
});

describe('hex round trip', () => {
  it('parses and prints the same colour', () => {
    expect(toHex(parseHex('#50CD89'))).toBe('#50cd89');
  });
});

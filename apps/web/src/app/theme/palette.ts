/**
 * Builds a 10-shade Mantine palette around one brand colour. Shades are spaced in OKLCH, where equal
 * steps of lightness look equal to the eye, so the ramp is even on both sides of the brand colour.
 */

export const BASE_SHADE_INDEX = 5;

type Rgb = [number, number, number];
type Oklch = { l: number; c: number; h: number };

const LIGHTEST = 0.975;
/** Share of the way from the brand colour to the lightest / darkest end, per step away from it. */
const LIGHTER_STEPS = [1, 0.82, 0.6, 0.38, 0.18];
const DARKER_STEPS = [0.2, 0.42, 0.68, 1];

export function parseHex(hex: string): Rgb {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) throw new Error(`Ugyldig farge: ${hex}`);
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16) / 255) as Rgb;
}

export function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((v) =>
      Math.round(Math.min(1, Math.max(0, v)) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

const toLinear = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
const fromLinear = (v: number) => (v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055);

export function rgbToOklch([r, g, b]: Rgb): Oklch {
  const [lr, lg, lb] = [toLinear(r), toLinear(g), toLinear(b)];
  const l = Math.cbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb);
  const m = Math.cbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb);
  const s = Math.cbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb);
  const L = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  const a = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  const bb = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  return { l: L, c: Math.hypot(a, bb), h: Math.atan2(bb, a) };
}

/** Linear-light sRGB, possibly outside 0..1 when the colour is out of gamut. */
function oklchToLinearRgb({ l: L, c, h }: Oklch): Rgb {
  const a = c * Math.cos(h);
  const b = c * Math.sin(h);
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
}

const inGamut = (rgb: Rgb) => rgb.every((v) => v >= -1e-4 && v <= 1 + 1e-4);

/** Lowers chroma (keeping lightness and hue) until the colour fits in sRGB. */
function oklchToHex(color: Oklch): string {
  let low = 0;
  let high = color.c;
  if (!inGamut(oklchToLinearRgb(color))) {
    for (let i = 0; i < 24; i++) {
      const mid = (low + high) / 2;
      if (inGamut(oklchToLinearRgb({ ...color, c: mid }))) low = mid;
      else high = mid;
    }
    high = low;
  }
  const rgb = oklchToLinearRgb({ ...color, c: high });
  return toHex(rgb.map(fromLinear) as Rgb);
}

/** Ten shades, lightest first; shade 5 is exactly `baseHex`. */
export function generatePalette(baseHex: string): string[] {
  const base = rgbToOklch(parseHex(baseHex));
  const darkest = base.l * 0.62;
  const lighter = LIGHTER_STEPS.map((t) =>
    oklchToHex({ l: base.l + (LIGHTEST - base.l) * t, c: base.c * (1 - 0.85 * t), h: base.h }),
  );
  const darker = DARKER_STEPS.map((t) =>
    oklchToHex({ l: base.l - (base.l - darkest) * t, c: base.c * (1 - 0.25 * t), h: base.h }),
  );
  return [...lighter, toHex(parseHex(baseHex)), ...darker];
}

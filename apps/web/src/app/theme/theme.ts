import { type CSSVariablesResolver, colorsTuple, createTheme } from '@mantine/core';
import { BASE_SHADE_INDEX, generatePalette } from './palette';

export const BRAND_COLOR = '#50CD89';

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: BASE_SHADE_INDEX, dark: BASE_SHADE_INDEX },
  colors: {
    brand: colorsTuple(generatePalette(BRAND_COLOR)),
    // A cool, slightly blue dark scale (Metronic-like) instead of Mantine's neutral greys.
    dark: colorsTuple([
      '#d5d7e0',
      '#acaebf',
      '#8c8fa3',
      '#666980',
      '#3a3d4e',
      '#2c2e3c',
      '#22232e',
      '#1a1b24',
      '#14151c',
      '#0f1015',
    ]),
  },
  // Dark text on the light green keeps buttons readable (white on #50CD89 is about 2:1).
  autoContrast: true,
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    Paper: { defaultProps: { radius: 'lg' } },
    Modal: { styles: { title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } } },
  },
});

/** The page behind the cards is a shade darker than the cards, so cards read as raised surfaces. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--app-page-bg': '#f4f6f9' },
  dark: { '--app-page-bg': t.colors.dark[8] },
});

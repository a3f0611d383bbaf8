import { type CSSVariablesResolver, colorsTuple, createTheme } from '@mantine/core';
import { BASE_SHADE_INDEX, generatePalette } from './palette';

const BRAND_COLOR = '#50CD89';

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
    // A list as wide as its field, starting at the field's left edge: centred ('bottom'), it was placed
    // from its width while still hidden (0), so it opened half off a phone's screen and the page flipped
    // between two widths (issue 24). Its left edge does not depend on its own width.
    Combobox: { defaultProps: { position: 'bottom-start' } },
  },
});

/**
 * The page behind the cards is a shade darker than the cards, so cards read as raised surfaces. In the
 * light theme 'dimmed' text is gray 7, not Mantine's gray 6 (3.3:1 on white, under WCAG AA's 4.5:1), and
 * links the darkest brand green (the base green is 2:1 on white).
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--app-page-bg': '#f4f6f9',
    '--mantine-color-dimmed': t.colors.gray[7],
    '--mantine-color-anchor': t.colors.brand?.[9] ?? t.colors.gray[8],
    // The 'light' variant's words (badges, light buttons) on their pale backgrounds: Mantine's green,
    // teal and orange reach only 3.6–4.3:1; these reach 5.5:1 or more.
    '--mantine-color-green-light-color': '#1b6e2f',
    '--mantine-color-teal-light-color': '#06664a',
    '--mantine-color-orange-light-color': '#a63a0a',
  },
  dark: { '--app-page-bg': t.colors.dark[8] },
});

import { type MantineTheme, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import type { AttributeLevel, BayStatus } from '@vaskedrift/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../lib/format';

export interface ChartTheme {
  scheme: 'light' | 'dark';
  locale: string;
  /** Axis labels and ticks. */
  text: string;
  grid: string;
  /** The first data series; further series take `palette` in turn. */
  palette: readonly string[];
  /** The dashboard tiles' colours (components/bay-status/bay-status.css). */
  status: Record<BayStatus, string>;
  /** The level badges' colours (components/level-badge.tsx). */
  level: Record<AttributeLevel, string>;
}

/** The chart colours of one colour scheme, from the Mantine theme, so charts match badges and tiles. */
function chartTheme(theme: MantineTheme, scheme: 'light' | 'dark', locale: string): ChartTheme {
  const c = theme.colors;
  const dark = scheme === 'dark';
  return {
    scheme,
    locale,
    text: dark ? c.dark[1] : c.gray[7],
    grid: dark ? 'rgba(255,255,255,0.08)' : 'rgba(0,0,0,0.08)',
    palette: dark
      ? [c.cyan[4], c.violet[4], c.orange[4], c.pink[4], c.lime[4], c.indigo[3]]
      : [c.cyan[7], c.violet[7], c.orange[7], c.pink[7], c.lime[8], c.indigo[7]],
    status: {
      operational: c.green[6],
      warning: c.yellow[5],
      error: c.red[8],
      inactive: c.gray[5],
      maintenance: c.blue[8],
    },
    level: {
      critical: c.red[7],
      warning: c.yellow[6],
      inactive: c.gray[5],
      active: c.green[6],
      nodata: c.gray[4],
    },
  };
}

/** The chart theme of the colour scheme and language shown now. */
export function useChartTheme(): ChartTheme {
  const theme = useMantineTheme();
  const scheme = useComputedColorScheme('light');
  const { i18n } = useTranslation();
  return useMemo(() => chartTheme(theme, scheme, intlLocale(i18n.language)), [theme, scheme, i18n.language]);
}

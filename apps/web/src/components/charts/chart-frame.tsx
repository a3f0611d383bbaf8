import { Box, Center, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../load-error';
import classes from './charts.module.css';

export interface ChartFrameProps {
  /** What the chart shows; its accessible name. */
  label: string;
  /** Tests and screen readers find a chart by this (`data-chart`). */
  chart: string;
  height: number;
  loading?: boolean;
  empty?: boolean;
  error?: unknown;
  onRetry?: () => void;
  legend?: readonly LegendItem[];
  children: ReactNode;
}

export interface LegendItem {
  label: string;
  color: string;
  shape?: 'line' | 'dashed' | 'block';
  /** e.g. `threshold`, `alert`, `maintenance`, `series`: `data-legend` of the item. */
  role: string;
  level?: string;
}

/** A chart's loading, error and empty states ('Fant ingen data'), and its legend below it. */
export function ChartFrame(props: ChartFrameProps) {
  const { t } = useTranslation();
  const state = props.loading ? 'loading' : props.error ? 'error' : props.empty ? 'empty' : 'ready';
  return (
    <Box component="figure" m={0} aria-label={props.label} data-chart={props.chart} data-state={state}>
      {state === 'loading' ? (
        <Skeleton height={props.height} radius="md" aria-label={t('app.loading')} />
      ) : state === 'error' ? (
        <Center mih={props.height}>
          <LoadError error={props.error} onRetry={props.onRetry ?? (() => {})} />
        </Center>
      ) : state === 'empty' ? (
        <Center mih={props.height}>
          <Text c="dimmed" size="sm">
            {t('common.empty')}
          </Text>
        </Center>
      ) : (
        <>
          {props.children}
          {props.legend && props.legend.length > 0 && (
            <ul className={classes.legend}>
              {props.legend.map((item) => (
                <li
                  key={`${item.role}-${item.label}`}
                  className={classes.legendItem}
                  data-legend={item.role}
                  data-level={item.level}
                >
                  <span
                    className={classes.swatch}
                    data-shape={item.shape ?? 'line'}
                    style={item.shape === 'dashed' ? { color: item.color } : { background: item.color }}
                    aria-hidden
                  />
                  {item.label}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Box>
  );
}

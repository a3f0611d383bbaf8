import { Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LaterTooltip } from '../../components/later-tooltip';
import { type RealtimeState, useRealtimeState } from '../../lib/realtime/realtime-state';
import classes from './app-header.module.css';

const DOT_COLOR: Record<RealtimeState, string> = {
  connected: 'var(--mantine-color-green-6)',
  connecting: 'var(--mantine-color-gray-5)',
  reconnecting: 'var(--mantine-color-yellow-6)',
  offline: 'var(--mantine-color-red-6)',
};

/** The live channel's state; on a phone only the dot shows, the text stays for screen readers. */
export function RealtimeIndicator() {
  const { t } = useTranslation();
  const state = useRealtimeState();
  const text = t(`layout.realtime.${state}`);
  return (
    <LaterTooltip label={text} withArrow>
      <Group
        gap={6}
        wrap="nowrap"
        role="status"
        aria-label={t('layout.realtime.label', { state: text })}
        data-realtime-state={state}
        className={classes.realtime}
      >
        <Box
          component="span"
          aria-hidden
          className={classes.realtimeDot}
          data-pulsing={state === 'connecting' || state === 'reconnecting' || undefined}
          style={{ backgroundColor: DOT_COLOR[state] }}
        />
        <Text component="span" size="xs" c="dimmed" className={classes.realtimeText}>
          {text}
        </Text>
      </Group>
    </LaterTooltip>
  );
}

import { Badge, Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { Alert } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime, fullName } from '../../../lib/format';
import { formatRelativeTime } from '../../../lib/relative-time';
import { alertReading, useValueFormat } from '../../../lib/value-format';
import { useAcknowledge } from '../use-acknowledge';

/** Long names wrap, never cut ('K…', 'Vaskehal…' on a phone); a word longer than the line breaks. */
const WRAP = { overflowWrap: 'anywhere' } as const;

/**
 * One open alert: level, attribute, value and age, and who looks at it or 'Jeg ser på det' for those who
 * may acknowledge. With `onOpen` (the dashboard's list) the bay and facility are named and open the panel.
 */
export function OpenAlertItem({ alert, onOpen }: { alert: Alert; onOpen?: (bayId: string) => void }) {
  const { t, i18n } = useTranslation();
  const acknowledge = useAcknowledge();
  const format = useValueFormat();
  const reading = alertReading(alert);
  const summary = (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Group gap={8} wrap="nowrap" align="flex-start">
        <Badge
          color={alert.level === 'critical' ? 'red' : 'yellow'}
          variant="filled"
          size="sm"
          mt={2}
          style={{ flexShrink: 0 }}
        >
          {t(`alerts.levels.${alert.level}`)}
        </Badge>
        <Text size="sm" fw={600} style={WRAP}>
          {onOpen ? `${alert.bayName} · ${alert.attributeName}` : alert.attributeName}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" style={WRAP}>
        {[
          onOpen ? alert.locationName : null,
          // '1,2 bar · kritisk under 2 bar': the value in the attribute's words, and why.
          [format.value(reading.value, reading.labels, reading.type), format.phrase(reading)]
            .filter(Boolean)
            .join(' · '),
          formatRelativeTime(alert.openedAt, i18n.language),
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
    </Stack>
  );
  return (
    <Paper withBorder p="xs" radius="md" data-alert-level={alert.level} data-alert-id={alert.id}>
      {/* The button moves under the text when both do not fit on one line (a phone, the panel). */}
      <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 14rem' }}>
          {onOpen ? (
            <UnstyledButton
              onClick={() => onOpen(alert.bayId)}
              style={{ minWidth: 0 }}
              aria-label={t('dashboard.alerts.openLabel', {
                bay: alert.bayName,
                location: alert.locationName,
                attribute: alert.attributeName,
              })}
            >
              {summary}
            </UnstyledButton>
          ) : (
            summary
          )}
          {alert.acknowledgedBy && (
            <Group
              gap={4}
              wrap="nowrap"
              c="blue"
              title={formatDateTime(alert.acknowledgedAt, i18n.language) ?? undefined}
            >
              <IconEye size={14} aria-hidden style={{ flexShrink: 0 }} />
              <Text size="xs" style={WRAP}>
                {t('dashboard.alerts.acknowledgedBy', {
                  name: fullName(alert.acknowledgedBy),
                  time: formatRelativeTime(alert.acknowledgedAt, i18n.language) ?? '',
                })}
              </Text>
            </Group>
          )}
        </Stack>
        {!alert.acknowledgedBy && acknowledge.allowed && (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconEye size={14} aria-hidden />}
            loading={acknowledge.pendingId === alert.id}
            onClick={() => acknowledge.run(alert.id)}
            aria-label={t('alerts.acknowledgeLabel', { bay: alert.bayName, attribute: alert.attributeName })}
            ml="auto"
            style={{ flexShrink: 0 }}
          >
            {t('alerts.acknowledge')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

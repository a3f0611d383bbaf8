import { Badge, Group, Text } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { type BayMetric, confidenceWord } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { useValueFormat } from '../lib/value-format';

/** 'ca. 40 min' / 'ca. 3 t' / 'under 1 min' until a time, in the page's language. */
function useLeadTime() {
  const { t } = useTranslation();
  return (expectedAt: string, now = Date.now()) => {
    const minutes = (new Date(expectedAt).getTime() - now) / 60_000;
    if (minutes < 1) return t('foresight.lead.due');
    if (minutes < 15) return t('foresight.lead.minutes', { count: Math.round(minutes) });
    if (minutes < 90) return t('foresight.lead.minutes', { count: Math.round(minutes / 5) * 5 });
    return t('foresight.lead.hours', { count: Math.round(minutes / 60) });
  };
}

/**
 * 'Forventet kritisk om ca. 40 min · sikkerhet høy' (docs/domain.md, Foresight): the threshold an attribute
 * is expected to cross, when and how surely. Nothing without a prediction.
 */
export function PredictionText({
  prediction,
  size = 'sm',
}: {
  prediction: BayMetric['prediction'];
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation();
  const lead = useLeadTime();
  if (!prediction) return null;
  const level = t(`foresight.levels.${prediction.level}`);
  // Critical in red that reads on both schemes; a warning's text stays the text colour (yellow would not
  // read on white), its icon yellow.
  const critical = prediction.level === 'critical';
  const text = critical
    ? 'light-dark(var(--mantine-color-red-8), var(--mantine-color-red-4))'
    : 'var(--mantine-color-text)';
  const icon = critical ? text : 'var(--mantine-color-yellow-6)';
  return (
    <Group gap={4} wrap="nowrap" data-prediction={prediction.level}>
      <IconClockExclamation size={14} aria-hidden color={icon} style={{ flexShrink: 0 }} />
      <Text size={size} fw={600} style={{ color: text }}>
        {t('foresight.expected', { level, lead: lead(prediction.expectedAt) })}
        <Text span size={size} c="dimmed" fw={400}>
          {' · '}
          {t('foresight.confidence', {
            word: t(`foresight.confidenceWords.${confidenceWord(prediction.confidence)}`),
          })}
        </Text>
      </Text>
    </Group>
  );
}

/**
 * 'Uvanlig' with 'normalt 2,8–3,4 bar' beside it ('normalt 2–5 i timen' for a counter's rate); nothing when
 * the value is usual.
 */
export function UnusualBadge({ metric }: { metric: BayMetric }) {
  const { t } = useTranslation();
  const format = useValueFormat();
  if (!metric.unusual) return null;
  // A counter is judged by its rate: washes an hour, not the count.
  const range = !metric.normal
    ? null
    : metric.type === 'counter'
      ? t('foresight.normalRate', {
          low: format.number(metric.normal.low),
          high: format.number(metric.normal.high),
        })
      : t('foresight.normal', {
          low: format.number(metric.normal.low),
          high: format.value(metric.normal.high, metric.display, 'number'),
        });
  return (
    <Group gap={6} wrap="nowrap" data-unusual>
      {/* Never shrunk: beside a long range on a phone it was cut to 'Uva…'; the range wraps instead. */}
      <Badge
        size="sm"
        color="grape"
        variant="light"
        tt="none"
        title={t('foresight.unusualHint')}
        style={{ flexShrink: 0 }}
      >
        {t('foresight.unusual')}
      </Badge>
      {range && (
        <Text size="xs" c="dimmed" data-normal>
          {range}
        </Text>
      )}
    </Group>
  );
}

import { Group, Text } from '@mantine/core';
import type { StatusCounts as Counts } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { bayStatusLabelKey, nonZeroCounts } from './bay-status';
import './bay-status.css';
import classes from './status-counts.module.css';

/** Bays per status as small coloured counts ("● 18 ● 1 ● 1"); each says its status to screen readers. */
export function StatusCounts({ counts }: { counts: Counts }) {
  const { t } = useTranslation();
  const shown = nonZeroCounts(counts);
  if (shown.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('bays.noBays')}
      </Text>
    );
  }
  return (
    <Group gap={10} wrap="nowrap">
      {shown.map(({ status, count }) => {
        const label = `${t(bayStatusLabelKey(status))}: ${count}`;
        return (
          <span
            key={status}
            className={classes.count}
            data-bay-status={status}
            title={label}
            role="img"
            aria-label={label}
          >
            <span className={classes.dot} aria-hidden />
            <span aria-hidden>{count}</span>
          </span>
        );
      })}
    </Group>
  );
}

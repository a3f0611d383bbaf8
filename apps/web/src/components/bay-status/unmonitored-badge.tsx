import { Badge, type BadgeProps } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * 'Ikke overvåket' beside a bay's status: no attribute is read, so the status is only what was set by hand
 * and the bay counts in no figure (docs/domain.md, Statistics, Monitored).
 */
export function UnmonitoredBadge(props: Omit<BadgeProps, 'children'>) {
  const { t } = useTranslation();
  return (
    <Badge
      color="gray"
      variant="outline"
      leftSection={<IconEyeOff size={12} aria-hidden />}
      title={t('monitoring.unmonitoredHint')}
      data-monitored="false"
      style={{ flexShrink: 0 }}
      {...props}
    >
      {t('monitoring.unmonitored')}
    </Badge>
  );
}

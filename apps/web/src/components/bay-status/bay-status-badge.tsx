import { Badge, type BadgeProps } from '@mantine/core';
import type { BayStatus } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { bayStatusColor, bayStatusLabelKey } from './bay-status';

/** A bay's status as a coloured badge: green 'I drift', yellow 'Advarsel', red 'Feil', … */
export function BayStatusBadge({ status, ...props }: { status: BayStatus } & Omit<BadgeProps, 'color'>) {
  const { t } = useTranslation();
  return (
    // Never squeezed to 'I DRI…' beside a long name: the name wraps instead.
    <Badge color={bayStatusColor(status)} variant="light" style={{ flexShrink: 0 }} {...props}>
      {t(bayStatusLabelKey(status))}
    </Badge>
  );
}

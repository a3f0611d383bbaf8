import { Badge, type BadgeProps } from '@mantine/core';
import type { AttributeLevel } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';

const LEVEL_COLORS: Record<AttributeLevel, string> = {
  critical: 'red',
  warning: 'yellow',
  inactive: 'gray',
  active: 'green',
  nodata: 'gray',
};

/** An attribute's level: critical red, warning yellow, inactive grey, active green, no data grey-dashed. */
export function LevelBadge({
  level,
  ...props
}: { level: AttributeLevel | null } & Omit<BadgeProps, 'color' | 'variant'>) {
  const { t } = useTranslation();
  const shown = level ?? 'nodata';
  return (
    <Badge
      color={LEVEL_COLORS[shown]}
      variant={shown === 'nodata' ? 'outline' : 'light'}
      // A badge is never squeezed to 'KRITI…' beside a long name: the name wraps instead.
      style={shown === 'nodata' ? { borderStyle: 'dashed', flexShrink: 0 } : { flexShrink: 0 }}
      data-level={shown}
      {...props}
    >
      {t(`bayMetrics.levels.${shown}`)}
    </Badge>
  );
}

import { ColorSwatch, Group, Text } from '@mantine/core';
import type { ApiHealth } from '@vaskedrift/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const HEALTH_COLORS: Record<ApiHealth, string> = {
  ok: 'var(--mantine-color-green-6)',
  failing: 'var(--mantine-color-yellow-5)',
  down: 'var(--mantine-color-red-7)',
  unknown: 'var(--mantine-color-gray-5)',
  disabled: 'var(--mantine-color-gray-5)',
};

/** A coloured dot with the API's health as its accessible name, then `children` (e.g. when). */
export function HealthDot({ health, children }: { health: ApiHealth; children?: ReactNode }) {
  const { t } = useTranslation();
  const label = t(`apis.health.${health}`);
  return (
    <Group gap={8} wrap="nowrap">
      <ColorSwatch color={HEALTH_COLORS[health]} size={10} withShadow={false} aria-hidden />
      <Text size="sm" span title={label}>
        {children ?? label}
      </Text>
      {children != null && (
        <Text size="xs" c="dimmed" span>
          {label}
        </Text>
      )}
    </Group>
  );
}

import { Card, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One section of a statistics page: a title, optional controls on the right, and its content. */
export function StatsCard({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card padding="lg" component="section" aria-label={title}>
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <Title order={3} fz="md">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Card>
  );
}

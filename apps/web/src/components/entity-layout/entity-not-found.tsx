import { Card, EmptyState, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** "Fant ikke …" for a page about one thing that is gone, never was, or is not the viewer's: the ways on below. */
export function EntityNotFound({
  icon,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  /** Links to where one can go instead. */
  children: ReactNode;
}) {
  return (
    <Card padding="xl">
      <EmptyState py={40} variant="light" icon={icon} title={title} description={text}>
        <Group justify="center" mt="md">
          {children}
        </Group>
      </EmptyState>
    </Card>
  );
}

import { Card, Table, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A card of label–value rows: an entity's details on its overview page. */
export function DetailsCard({
  title,
  rows,
  labelWidth,
}: {
  title: string;
  rows: ReadonlyArray<readonly [string, ReactNode]>;
  labelWidth: number;
}) {
  return (
    <Card padding="lg">
      <Title order={3} fz="md" mb="sm">
        {title}
      </Title>
      <Table variant="vertical" layout="fixed" withRowBorders={false} verticalSpacing={6}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={labelWidth} fw={500} c="dimmed" bg="transparent">
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

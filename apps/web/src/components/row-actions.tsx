import { ActionIcon, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { i18n } from '../lib/i18n';

/**
 * The last column of a list whose rows are edited in a modal and deleted after a question: a pencil and
 * a bin, each with its tooltip and an accessible name naming the row; `before` adds a row's own actions.
 */
export function editDeleteColumn<T>({
  editTooltip,
  deleteTooltip,
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  before,
}: {
  editTooltip: string;
  deleteTooltip: string;
  editLabel: (record: T) => string;
  deleteLabel: (record: T) => string;
  onEdit: (record: T) => void;
  onDelete: (record: T) => void;
  before?: (record: T) => ReactNode;
}): DataTableColumn<T> {
  return {
    accessor: 'actions',
    title: <VisuallyHidden>{i18n.t('common.actions')}</VisuallyHidden>,
    textAlign: 'right',
    noWrap: true,
    render: (record) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        {before?.(record)}
        <Tooltip label={editTooltip} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={editLabel(record)}
            onClick={() => onEdit(record)}
          >
            <IconPencil size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={deleteTooltip} withArrow>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={deleteLabel(record)}
            onClick={() => onDelete(record)}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    ),
  };
}

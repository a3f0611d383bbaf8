import { ActionIcon, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import { type Icon, IconPencil, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { i18n } from '../lib/i18n';

/** One icon button of a row: its tooltip, its accessible name naming the row, what it does. */
export interface RowAction<T> {
  tooltip: string;
  label: (record: T) => string;
  icon: Icon;
  onClick: (record: T) => void;
  color?: string;
  /** Busy for this row (e.g. a test being sent). */
  loading?: (record: T) => boolean;
}

/**
 * The last column of a list whose rows are edited in a modal and deleted after a question: the row's own
 * `actions` first, then a pencil and a bin, each with its tooltip and an accessible name naming the row.
 */
export function editDeleteColumn<T>({
  editTooltip,
  deleteTooltip,
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  actions = [],
}: {
  editTooltip: string;
  deleteTooltip: string;
  editLabel: (record: T) => string;
  deleteLabel: (record: T) => string;
  onEdit: (record: T) => void;
  onDelete: (record: T) => void;
  actions?: RowAction<T>[];
}): DataTableColumn<T> {
  const all: RowAction<T>[] = [
    ...actions,
    { tooltip: editTooltip, label: editLabel, icon: IconPencil, onClick: onEdit },
    { tooltip: deleteTooltip, label: deleteLabel, icon: IconTrash, onClick: onDelete, color: 'red' },
  ];
  return {
    accessor: 'actions',
    title: <VisuallyHidden>{i18n.t('common.actions')}</VisuallyHidden>,
    textAlign: 'right',
    noWrap: true,
    render: (record) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        {all.map(({ tooltip, label, icon: ActionIconGlyph, onClick, color = 'gray', loading }) => (
          <Tooltip key={tooltip} label={tooltip} withArrow>
            <ActionIcon
              variant="subtle"
              color={color}
              aria-label={label(record)}
              loading={loading?.(record)}
              onClick={() => onClick(record)}
            >
              <ActionIconGlyph size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ))}
      </Group>
    ),
  };
}

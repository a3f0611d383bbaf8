import {
  DragDropContext,
  Draggable,
  type DragStart,
  type DragUpdate,
  Droppable,
  type DropResult,
  type ResponderProvided,
} from '@hello-pangea/dnd';
import { ActionIcon, Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconGripVertical, IconPencil, IconTrash } from '@tabler/icons-react';
import type { Link } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { linkIcon } from '../link-icons';
import { moveItem } from '../reorder';
import classes from './sortable-link-list.module.css';

/**
 * The bay's links in order. Admins drag a row by its handle — with the mouse, or from the keyboard: Tab
 * to the handle, space to lift, arrow keys to move, space to drop (Esc cancels). Screen readers hear each
 * step in Norwegian.
 */
export function SortableLinkList({
  links,
  canManage,
  onReorder,
  onEdit,
  onDelete,
}: {
  links: Link[];
  canManage: boolean;
  onReorder: (ids: string[]) => void;
  onEdit: (link: Link) => void;
  onDelete: (link: Link) => void;
}) {
  const { t } = useTranslation();
  const titleOf = (id: string) => links.find((link) => link.id === id)?.title ?? '';

  const onDragStart = (start: DragStart, provided: ResponderProvided) =>
    provided.announce(
      t('links.dnd.lifted', {
        title: titleOf(start.draggableId),
        position: start.source.index + 1,
        total: links.length,
      }),
    );
  const onDragUpdate = (update: DragUpdate, provided: ResponderProvided) => {
    if (update.destination) {
      provided.announce(
        t('links.dnd.moved', { position: update.destination.index + 1, total: links.length }),
      );
    }
  };
  const onDragEnd = (result: DropResult, provided: ResponderProvided) => {
    const title = titleOf(result.draggableId);
    if (result.reason === 'CANCEL' || !result.destination) {
      provided.announce(t('links.dnd.cancelled', { title }));
      return;
    }
    provided.announce(t('links.dnd.dropped', { title, position: result.destination.index + 1 }));
    if (result.destination.index === result.source.index) return;
    onReorder(moveItem(links, result.source.index, result.destination.index).map((link) => link.id));
  };

  return (
    <DragDropContext
      onDragStart={onDragStart}
      onDragUpdate={onDragUpdate}
      onDragEnd={onDragEnd}
      dragHandleUsageInstructions={t('links.dnd.instructions')}
    >
      <Droppable droppableId="bay-links">
        {(droppable) => (
          <Stack
            gap="xs"
            ref={droppable.innerRef}
            {...droppable.droppableProps}
            aria-label={t('links.listLabel')}
          >
            {links.map((link, index) => {
              const Icon = linkIcon(link.iconClass, link.target);
              return (
                <Draggable
                  key={link.id}
                  draggableId={link.id}
                  index={index}
                  isDragDisabled={!canManage}
                  disableInteractiveElementBlocking
                >
                  {(draggable, snapshot) => (
                    <Paper
                      withBorder
                      radius="md"
                      p="sm"
                      ref={draggable.innerRef}
                      {...draggable.draggableProps}
                      className={classes.row}
                      data-dragging={snapshot.isDragging || undefined}
                      data-testid="link-row"
                    >
                      <Group gap="sm" wrap="nowrap">
                        {canManage && (
                          <button
                            {...draggable.dragHandleProps}
                            type="button"
                            className={classes.handle}
                            aria-label={t('links.dnd.handle', { title: link.title })}
                          >
                            <IconGripVertical size={18} aria-hidden />
                          </button>
                        )}
                        <Icon size={20} aria-hidden className={classes.icon} />
                        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                          <Text fw={600} size="sm" truncate>
                            {link.title}
                          </Text>
                          <Anchor
                            href={link.url}
                            target={link.target === 'blank' ? '_blank' : undefined}
                            rel={link.target === 'blank' ? 'noopener noreferrer' : undefined}
                            size="xs"
                            c="dimmed"
                            truncate
                          >
                            {link.url}
                          </Anchor>
                        </Stack>
                        <Badge
                          variant="light"
                          color={link.target === 'blank' ? 'blue' : 'gray'}
                          visibleFrom="xs"
                        >
                          {t(link.target === 'blank' ? 'links.target.blank' : 'links.target.self')}
                        </Badge>
                        {canManage && (
                          <Group gap={4} wrap="nowrap">
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              onClick={() => onEdit(link)}
                              aria-label={t('links.edit.action', { title: link.title })}
                            >
                              <IconPencil size={16} aria-hidden />
                            </ActionIcon>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              onClick={() => onDelete(link)}
                              aria-label={t('links.delete.label', { title: link.title })}
                            >
                              <IconTrash size={16} aria-hidden />
                            </ActionIcon>
                          </Group>
                        )}
                      </Group>
                    </Paper>
                  )}
                </Draggable>
              );
            })}
            {droppable.placeholder}
          </Stack>
        )}
      </Droppable>
    </DragDropContext>
  );
}

import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Recipient } from '@vaskedrift/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm';
import { PageHeader } from '../../../components/page-header';
import { SearchableListCard } from '../../../components/server-table/server-list-content';
import { serverTableProps, useServerSearch } from '../../../components/server-table/use-server-list';
import { useDeleteRecipient } from '../api/delete-recipient';
import { useRecipients } from '../api/get-recipients';
import { RecipientFormModal } from '../components/recipient-form-modal';
import { RecipientsTable } from '../components/recipients-table';

/** What the modal shows: a new recipient, one being edited, or nothing. */
type Editing = { recipient: Recipient | null } | null;

/** /admin/settings/notifications: who is told what, for which facilities (admins). */
export function NotificationsPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing>(null);
  const list = useServerSearch();
  const recipients = useRecipients({ page: list.page, perPage: list.perPage, search: list.debouncedSearch });
  const deleteRecipient = useDeleteRecipient();

  const askDelete = (recipient: Recipient) =>
    confirmDelete({
      texts: 'notifications.delete',
      name: recipient.name,
      mutation: deleteRecipient,
      variables: recipient.id,
    });

  return (
    <>
      <PageHeader
        description={t('notifications.subtitle')}
        actions={
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing({ recipient: null })}
          >
            {t('notifications.create.button')}
          </Button>
        }
      />
      <SearchableListCard
        search={list.search}
        onSearch={list.setSearch}
        searchLabel={t('notifications.search')}
        searchPlaceholder={t('notifications.searchPlaceholder')}
        query={recipients}
        rows={list.perPage}
      >
        <RecipientsTable
          {...serverTableProps(list, recipients)}
          emptyText={list.searching ? t('notifications.emptySearch') : t('notifications.empty')}
          onEdit={(recipient) => setEditing({ recipient })}
          onDelete={askDelete}
        />
      </SearchableListCard>
      {editing && <RecipientFormModal recipient={editing.recipient} onClose={() => setEditing(null)} />}
    </>
  );
}

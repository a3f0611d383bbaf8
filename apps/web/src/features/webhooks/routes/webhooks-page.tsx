import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Webhook } from '@vaskedrift/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm';
import { PageHeader } from '../../../components/page-header';
import { SearchableListCard } from '../../../components/server-table/server-list-content';
import { serverTableProps, useServerSearch } from '../../../components/server-table/use-server-list';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhooks } from '../api/get-webhooks';
import { useTestWebhook } from '../api/test-webhook';
import { SignatureHelp } from '../components/signature-help';
import { WebhookDeliveriesDrawer } from '../components/webhook-deliveries-drawer';
import { WebhookFormModal } from '../components/webhook-form-modal';
import { WebhooksTable } from '../components/webhooks-table';

/** What the modal shows: a new webhook, one being edited, or nothing. */
type Editing = { webhook: Webhook | null } | null;

/** /integrations/webhooks: outgoing webhooks, their test and delivery log (admins). */
export function WebhooksPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing>(null);
  const [deliveriesOf, setDeliveriesOf] = useState<Webhook | null>(null);
  const list = useServerSearch();
  const webhooks = useWebhooks({ page: list.page, perPage: list.perPage, search: list.debouncedSearch });
  const deleteWebhook = useDeleteWebhook();
  const testWebhook = useTestWebhook();

  const sendTest = (webhook: Webhook) =>
    void testWebhook.mutateAsync(webhook.id).then(
      ({ data }) => {
        const result = t('webhooks.test.result', {
          status: data.httpStatus ?? '–',
          duration: t('webhooks.ms', { count: data.durationMs }),
        });
        if (data.ok) notifySuccess(result, t('webhooks.test.ok', { name: webhook.name }));
        else
          notifyError(`${result} · ${data.error ?? ''}`, t('webhooks.test.failed', { name: webhook.name }));
      },
      (error: Error) => notifyError(apiErrorMessage(error, t)),
    );

  const askDelete = (webhook: Webhook) =>
    confirmDelete({
      texts: 'webhooks.delete',
      name: webhook.name,
      mutation: deleteWebhook,
      variables: webhook.id,
    });

  return (
    <>
      <PageHeader
        description={t('webhooks.subtitle')}
        actions={
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing({ webhook: null })}
          >
            {t('webhooks.create.button')}
          </Button>
        }
      />
      <Stack gap="lg">
        <SearchableListCard
          search={list.search}
          onSearch={list.setSearch}
          searchLabel={t('webhooks.search')}
          searchPlaceholder={t('webhooks.searchPlaceholder')}
          query={webhooks}
          rows={list.perPage}
        >
          <WebhooksTable
            {...serverTableProps(list, webhooks)}
            emptyText={list.searching ? t('webhooks.emptySearch') : t('webhooks.empty')}
            testing={testWebhook.isPending ? (testWebhook.variables ?? null) : null}
            onTest={sendTest}
            onDeliveries={setDeliveriesOf}
            onEdit={(webhook) => setEditing({ webhook })}
            onDelete={askDelete}
          />
        </SearchableListCard>
        <SignatureHelp />
      </Stack>
      {editing && <WebhookFormModal webhook={editing.webhook} onClose={() => setEditing(null)} />}
      <WebhookDeliveriesDrawer webhook={deliveriesOf} onClose={() => setDeliveriesOf(null)} />
    </>
  );
}

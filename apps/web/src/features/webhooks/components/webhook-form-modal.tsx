import { Button, CopyButton, Switch, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import {
  createWebhookSchema,
  updateWebhookSchema,
  WEBHOOK_TAGS,
  type Webhook,
  type WebhookTag,
} from '@vaskedrift/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityFormModal, useCreateOrUpdateSubmit } from '../../../components/entity-form-modal';
import { NotificationTagsField } from '../../../components/notification-tags';
import { SecretField } from '../../../components/secret-field';
import { useCreateWebhook } from '../api/create-webhook';
import { useUpdateWebhook } from '../api/update-webhook';
import { generateSecret } from '../generate-secret';

interface WebhookValues {
  name: string;
  url: string;
  secret: string;
  tags: WebhookTag[];
  enabled: boolean;
}

const FIELDS = ['name', 'url', 'secret', 'tags', 'enabled'] as const;
const checkCreate = schemaResolver(createWebhookSchema, { sync: true });
const checkUpdate = schemaResolver(updateWebhookSchema, { sync: true });

/** The body without a secret when the stored one is kept. */
function toInput(values: WebhookValues, keepSecret: boolean) {
  const { secret, ...rest } = values;
  return { ...rest, name: rest.name.trim(), url: rest.url.trim(), ...(keepSecret ? {} : { secret }) };
}

/**
 * 'Ny webhook' (no `webhook`) or 'Rediger webhook': name, URL, secret, tags, on/off. A saved secret is
 * never shown: the field says 'Satt', and 'Bytt' asks for a new one; 'Generer' makes one to copy.
 */
export function WebhookFormModal({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
  const { t } = useTranslation();
  const createWebhook = useCreateWebhook();
  const updateWebhook = useUpdateWebhook();
  const [replacingSecret, setReplacingSecret] = useState(false);
  const keepSecret = webhook !== null && !replacingSecret;
  const form = useForm<WebhookValues>({
    mode: 'controlled',
    initialValues: {
      name: webhook?.name ?? '',
      url: webhook?.url ?? '',
      secret: '',
      tags: webhook?.tags ?? ['critical'],
      enabled: webhook?.enabled ?? true,
    },
    validate: (values) =>
      webhook
        ? checkUpdate({ id: webhook.id, ...toInput(values, keepSecret) })
        : checkCreate(toInput(values, false)),
  });

  const save = useCreateOrUpdateSubmit({
    form,
    fields: FIELDS,
    onClose,
    create: {
      mutation: createWebhook,
      input: (values) => createWebhookSchema.parse(toInput(values, false)),
      success: (saved) => t('webhooks.create.success', { name: saved.name }),
    },
    update: webhook
      ? {
          mutation: updateWebhook,
          input: (values) => updateWebhookSchema.parse({ id: webhook.id, ...toInput(values, keepSecret) }),
          success: (saved) => t('webhooks.edit.success', { name: saved.name }),
        }
      : null,
  });
  const secret = form.getValues().secret;

  return (
    <EntityFormModal
      opened
      onClose={save.close}
      size="lg"
      title={webhook ? t('webhooks.edit.title') : t('webhooks.create.title')}
      submitLabel={webhook ? t('webhooks.edit.submit') : t('webhooks.create.submit')}
      pending={save.pending}
      onSubmit={form.onSubmit(save.submit)}
    >
      <TextInput
        label={t('webhooks.fields.name')}
        placeholder={t('webhooks.fields.namePlaceholder')}
        withAsterisk
        autoComplete="off"
        data-autofocus
        {...form.getInputProps('name')}
      />
      <TextInput
        label={t('webhooks.fields.url')}
        description={t('webhooks.fields.urlHint')}
        placeholder="https://"
        type="url"
        withAsterisk
        autoComplete="off"
        {...form.getInputProps('url')}
      />
      <SecretField
        label={t('webhooks.fields.secret')}
        storedLabel={t('webhooks.fields.secretSet')}
        stored={webhook !== null}
        replacing={replacingSecret}
        onReplace={() => setReplacingSecret(true)}
        onKeep={() => {
          setReplacingSecret(false);
          form.setFieldValue('secret', '');
        }}
        inputProps={form.getInputProps('secret')}
        actions={
          <>
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => form.setFieldValue('secret', generateSecret())}
            >
              {t('webhooks.fields.generate')}
            </Button>
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button
                  size="compact-sm"
                  variant="default"
                  disabled={secret === ''}
                  color={copied ? 'green' : undefined}
                  leftSection={
                    copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />
                  }
                  onClick={copy}
                >
                  {copied ? t('webhooks.fields.copied') : t('webhooks.fields.copy')}
                </Button>
              )}
            </CopyButton>
          </>
        }
      />
      <NotificationTagsField
        inputProps={form.getInputProps('tags')}
        description={t('webhooks.fields.tagsHint')}
        available={WEBHOOK_TAGS}
      />
      <Switch
        label={t('webhooks.fields.enabled')}
        description={t('webhooks.fields.enabledHint')}
        {...form.getInputProps('enabled', { type: 'checkbox' })}
      />
    </EntityFormModal>
  );
}

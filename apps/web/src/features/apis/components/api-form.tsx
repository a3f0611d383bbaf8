import {
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlugConnected } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type Api, type ApiCheckResult, type ApiDraft, AUTH_METHODS, HTTP_METHODS } from '@vaskedrift/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors } from '../../../lib/form-errors';
import { notifyError } from '../../../lib/notify';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { apiCheckQueryKey, useCheckApi } from '../api/check-api';
import {
  API_FORM_FIELDS,
  type ApiFormValues,
  authUses,
  initialApiFormValues,
  NEW_SECRETS,
  PLACEHOLDERS,
  type SecretState,
  toApiDraft,
  toFormErrors,
  validateApiForm,
} from '../api-form-values';
import { CheckResult } from './check-result';
import { SecretField } from './secret-field';
import { StoredHeadersField } from './stored-headers-field';

/**
 * The API connection form (create and edit): connection, authentication (only the fields the method
 * uses), advanced request settings, and 'Test tilkobling' to see the response before saving.
 */
export function ApiForm({
  api,
  submitLabel,
  submitting,
  onSubmit,
  onCancel,
  withCards = true,
}: {
  api?: Api;
  submitLabel: string;
  submitting: boolean;
  /** Saves the draft; on a validation refusal `setErrors` puts the server's messages on the fields. */
  onSubmit: (draft: ApiDraft, setErrors: (error: unknown) => boolean) => void;
  onCancel?: () => void;
  withCards?: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const checkApi = useCheckApi();
  const [checkResult, setCheckResult] = useState<ApiCheckResult | null>(null);
  const [secrets, setSecrets] = useState<SecretState>(
    api
      ? {
          hasApiKey: api.hasApiKey,
          hasClientSecret: api.hasClientSecret,
          replaceApiKey: !api.hasApiKey,
          replaceClientSecret: !api.hasClientSecret,
        }
      : NEW_SECRETS,
  );
  const form = useForm<ApiFormValues>({
    mode: 'controlled',
    initialValues: initialApiFormValues(api),
    validate: (values) =>
      validateApiForm(values, secrets, {
        json: t('apis.form.jsonInvalid'),
        headerValue: t('apis.form.headerValueRequired'),
      }),
  });
  const { authMethod, method } = form.values;

  const setServerErrors = (error: unknown): boolean => {
    // A saved header's own path first, so its error lands on its row rather than on the new headers.
    const storedHeaders = form.values.storedHeaders;
    const fields = [...storedHeaders.map((h) => `headers.${h.name}`), ...API_FORM_FIELDS];
    const errors = apiFieldErrors(error, fields);
    if (!errors) return false;
    form.setErrors(toFormErrors(errors, storedHeaders));
    return true;
  };

  const draft = () => toApiDraft(form.values, secrets, api?.details);

  const runCheck = () => {
    if (!form.values.endpointUrl.trim()) {
      form.setFieldError('endpointUrl', t('apis.form.urlForCheck'));
      return;
    }
    setCheckResult(null);
    checkApi.mutate(api ? { id: api.id, draft: draft() } : { draft: draft() }, {
      onSuccess: (result) => {
        setCheckResult(result);
        // The bay attribute form offers the key values this test saw.
        if (api) queryClient.setQueryData(apiCheckQueryKey(api.id), result);
      },
      onError: (error) => {
        if (!setServerErrors(error)) notifyError(apiErrorMessage(error, t));
      },
    });
  };

  const section = (title: string, children: ReactNode) =>
    withCards ? (
      <Card padding="lg" component="section" aria-label={title}>
        <Stack gap="md">
          <Title order={3} fz="md">
            {title}
          </Title>
          {children}
        </Stack>
      </Card>
    ) : (
      <Stack gap="md" component="section" aria-label={title}>
        <Title order={3} fz="sm" c="dimmed" tt="uppercase">
          {title}
        </Title>
        {children}
      </Stack>
    );

  return (
    <form onSubmit={form.onSubmit(() => onSubmit(draft(), setServerErrors))} noValidate>
      <Stack gap="lg">
        {section(
          t('apis.form.connection'),
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('apis.form.name')}
                placeholder={t('apis.form.namePlaceholder')}
                withAsterisk
                autoComplete="off"
                data-autofocus
                {...form.getInputProps('name')}
              />
              <NumberInput
                label={t('apis.form.checkInterval')}
                description={t('apis.form.checkIntervalHint')}
                withAsterisk
                min={30}
                // The shared message explains the limit; clamping would change the value silently.
                clampBehavior="none"
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('checkInterval')}
              />
            </SimpleGrid>
            <Group align="flex-start" gap="md" wrap="nowrap">
              <Select
                label={t('apis.form.method')}
                data={HTTP_METHODS.map((value) => ({ value, label: value }))}
                allowDeselect={false}
                w={120}
                {...form.getInputProps('method')}
              />
              <TextInput
                label={t('apis.form.endpointUrl')}
                placeholder="https://kontroller.example.no/api/status"
                withAsterisk
                autoComplete="off"
                style={{ flex: 1 }}
                {...form.getInputProps('endpointUrl')}
              />
            </Group>
            <Switch
              label={t('apis.form.enabled')}
              description={t('apis.form.enabledHint')}
              {...form.getInputProps('enabled', { type: 'checkbox' })}
            />
          </>,
        )}
        {section(
          t('apis.form.authentication'),
          <>
            <Select
              label={t('apis.form.authMethod')}
              data={AUTH_METHODS.map((value) => ({ value, label: t(`apis.authMethods.${value}`) }))}
              allowDeselect={false}
              maw={360}
              {...form.getInputProps('authMethod')}
            />
            {authUses.oauth(authMethod) && (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('apis.form.authEndpointUrl')}
                  placeholder="https://kontroller.example.no/oauth/token"
                  withAsterisk
                  autoComplete="off"
                  {...form.getInputProps('authEndpointUrl')}
                />
                <TextInput
                  label={t('apis.form.tokenPath')}
                  placeholder={PLACEHOLDERS.tokenPath}
                  autoComplete="off"
                  {...form.getInputProps('tokenPath')}
                />
              </SimpleGrid>
            )}
            {authUses.client(authMethod) && (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('apis.form.clientId')}
                  withAsterisk
                  autoComplete="off"
                  {...form.getInputProps('clientId')}
                />
                <SecretField
                  label={t('apis.form.clientSecret')}
                  stored={secrets.hasClientSecret}
                  replacing={secrets.replaceClientSecret}
                  onReplace={() => setSecrets((s) => ({ ...s, replaceClientSecret: true }))}
                  onKeep={() => {
                    setSecrets((s) => ({ ...s, replaceClientSecret: false }));
                    form.setFieldValue('clientSecret', '');
                  }}
                  inputProps={form.getInputProps('clientSecret')}
                />
              </SimpleGrid>
            )}
            {authUses.apiKey(authMethod) && (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <SecretField
                  label={authMethod === 'bearer' ? t('apis.form.bearerToken') : t('apis.form.apiKey')}
                  stored={secrets.hasApiKey}
                  replacing={secrets.replaceApiKey}
                  onReplace={() => setSecrets((s) => ({ ...s, replaceApiKey: true }))}
                  onKeep={() => {
                    setSecrets((s) => ({ ...s, replaceApiKey: false }));
                    form.setFieldValue('apiKey', '');
                  }}
                  inputProps={form.getInputProps('apiKey')}
                />
                {authMethod === 'apiKey' && (
                  <TextInput
                    label={t('apis.form.apiKeyHeader')}
                    placeholder={PLACEHOLDERS.apiKeyHeader}
                    autoComplete="off"
                    {...form.getInputProps('apiKeyHeader')}
                  />
                )}
              </SimpleGrid>
            )}
          </>,
        )}
        {section(
          t('apis.form.advanced'),
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('apis.form.recordsPath')}
                description={t('apis.form.recordsPathHint')}
                placeholder="data.units"
                autoComplete="off"
                {...form.getInputProps('recordsPath')}
              />
              <NumberInput
                label={t('apis.form.failureThreshold')}
                description={t('apis.form.failureThresholdHint')}
                placeholder="3"
                min={1}
                max={100}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('failureThreshold')}
              />
              <Stack gap="md">
                <StoredHeadersField form={form} />
                <Textarea
                  label={
                    form.values.storedHeaders.length > 0 ? t('apis.form.addHeaders') : t('apis.form.headers')
                  }
                  description={t('apis.form.headersHint')}
                  placeholder={'{ "accept": "application/json" }'}
                  autosize
                  minRows={2}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                  {...form.getInputProps('headers')}
                />
              </Stack>
              <Textarea
                label={t('apis.form.params')}
                description={t('apis.form.jsonHint')}
                placeholder={'{ "site": "oslo" }'}
                autosize
                minRows={2}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                {...form.getInputProps('params')}
              />
            </SimpleGrid>
            {method === 'POST' && (
              <Textarea
                label={t('apis.form.body')}
                autosize
                minRows={3}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                {...form.getInputProps('body')}
              />
            )}
            <Switch
              label={t('apis.form.followRedirects')}
              description={t('apis.form.followRedirectsHint')}
              {...form.getInputProps('followRedirects', { type: 'checkbox' })}
            />
          </>,
        )}
        {checkResult && (
          <CheckResult result={checkResult} keyIdentifier={checkResult.keyValues[0]?.keyIdentifier} />
        )}
        <Group justify="space-between">
          <Button
            variant="default"
            leftSection={<IconPlugConnected size={16} aria-hidden />}
            onClick={runCheck}
            loading={checkApi.isPending}
          >
            {t('apis.check.button')}
          </Button>
          <Group gap="sm">
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                {t('common.cancel')}
              </Button>
            )}
            <Button type="submit" loading={submitting}>
              {submitLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlugConnected } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { Api, ApiCheckResult, ApiDraft } from '@vaskedrift/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors } from '../../../lib/form-errors';
import { notifyError } from '../../../lib/notify';
import { apiCheckQueryKey, useCheckApi } from '../../../lib/queries/check-api';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import {
  API_FORM_FIELDS,
  type ApiFormValues,
  initialApiFormValues,
  NEW_SECRETS,
  type SecretState,
  toApiDraft,
  toFormErrors,
  validateApiForm,
} from '../api-form-values';
import { AdvancedFields, AuthenticationFields, ConnectionFields } from './api-form-fields';
import { CheckResult } from './check-result';

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
    void checkApi.mutateAsync(api ? { id: api.id, draft: draft() } : { draft: draft() }).then(
      (result) => {
        setCheckResult(result);
        // The bay attribute form offers the key values this test saw.
        if (api) queryClient.setQueryData(apiCheckQueryKey(api.id), result);
      },
      (error: Error) => {
        if (!setServerErrors(error)) notifyError(apiErrorMessage(error, t));
      },
    );
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
        {section(t('apis.form.connection'), <ConnectionFields form={form} />)}
        {section(
          t('apis.form.authentication'),
          <AuthenticationFields form={form} secrets={secrets} onSecretsChange={setSecrets} />,
        )}
        {section(t('apis.form.advanced'), <AdvancedFields form={form} />)}
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

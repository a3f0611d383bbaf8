import { Group, NumberInput, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { AUTH_METHODS, HTTP_METHODS } from '@vaskedrift/shared';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { SecretField } from '../../../components/secret-field';
import { type ApiFormValues, authUses, PLACEHOLDERS, type SecretState } from '../api-form-values';
import { authMethodLabel } from '../auth-method-label';
import { StoredHeadersField } from './stored-headers-field';

type ApiFormProp = { form: UseFormReturnType<ApiFormValues> };

/** The API form's connection: name, check interval, method and address, on or off. */
export function ConnectionFields({ form }: ApiFormProp) {
  const { t } = useTranslation();
  return (
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
    </>
  );
}

/** The API form's authentication: the method, and only the fields it uses; stored secrets are kept or replaced. */
export function AuthenticationFields({
  form,
  secrets,
  onSecretsChange: setSecrets,
}: ApiFormProp & { secrets: SecretState; onSecretsChange: Dispatch<SetStateAction<SecretState>> }) {
  const { t } = useTranslation();
  const { authMethod } = form.values;
  return (
    <>
      <Select
        label={t('apis.form.authMethod')}
        data={AUTH_METHODS.map((value) => ({ value, label: authMethodLabel(value, t) }))}
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
    </>
  );
}

/** The API form's advanced request settings: records path, failure threshold, headers, parameters, body. */
export function AdvancedFields({ form }: ApiFormProp) {
  const { t } = useTranslation();
  const { method } = form.values;
  return (
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
            label={form.values.storedHeaders.length > 0 ? t('apis.form.addHeaders') : t('apis.form.headers')}
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
    </>
  );
}

import { Autocomplete, SimpleGrid, Stack, Switch, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type ApiMetric, createApiMetricSchema } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { ApiSelect } from '../../../components/api-select';
import { EntityFormModal, useCreateOrUpdateSubmit } from '../../../components/entity-form-modal';
import { useApiCheck } from '../../../lib/queries/check-api';
import { useCreateApiMetric } from '../api/create-api-metric';
import { useUpdateApiMetric } from '../api/update-api-metric';

interface ApiMetricValues {
  apiId: string;
  name: string;
  description: string;
  keyIdentifier: string;
  targetKeys: string[];
  enabled: boolean;
  /** Defaults for its bay attributes' display (docs/domain.md, Words); empty: none. */
  displayName: string;
  unit: string;
  trueLabel: string;
  falseLabel: string;
}

const FIELDS = [
  'apiId',
  'name',
  'description',
  'keyIdentifier',
  'targetKeys',
  'status',
  'displayName',
  'unit',
  'trueLabel',
  'falseLabel',
] as const;
const DEFAULTS = ['displayName', 'unit', 'trueLabel', 'falseLabel'] as const;
const checkMetric = schemaResolver(createApiMetricSchema, { sync: true });

function toInput(values: ApiMetricValues) {
  const { enabled, ...rest } = values;
  return { ...rest, status: enabled ? ('enabled' as const) : ('disabled' as const) };
}

/**
 * 'Nytt API-attributt' / 'Rediger API-attributt'. The fields seen by a test of the API are offered for the
 * key identifier and the target keys.
 */
export function ApiMetricModal({
  opened,
  onClose,
  apiId,
  metric,
}: {
  opened: boolean;
  onClose: () => void;
  /** The API the new attribute belongs to; without it the form asks. */
  apiId?: string;
  /** The attribute to edit; without it a new one is created. */
  metric?: ApiMetric | null;
}) {
  const { t } = useTranslation();
  const createMetric = useCreateApiMetric();
  const updateMetric = useUpdateApiMetric();
  const form = useForm<ApiMetricValues>({
    mode: 'controlled',
    initialValues: {
      apiId: metric?.apiId ?? apiId ?? '',
      name: metric?.name ?? '',
      description: metric?.description ?? '',
      keyIdentifier: metric?.keyIdentifier ?? '',
      targetKeys: metric?.targetKeys ?? [],
      enabled: (metric?.status ?? 'enabled') === 'enabled',
      displayName: metric?.displayName ?? '',
      unit: metric?.unit ?? '',
      trueLabel: metric?.trueLabel ?? '',
      falseLabel: metric?.falseLabel ?? '',
    },
    validate: (values) => {
      const errors = checkMetric(toInput(values));
      if (!values.apiId) errors.apiId = t('apiMetrics.fields.apiRequired');
      if (errors.status) errors.enabled = errors.status;
      return errors;
    },
  });
  const check = useApiCheck(opened ? form.values.apiId : null);
  const keys = check.data?.keys ?? [];
  const save = useCreateOrUpdateSubmit({
    form,
    fields: FIELDS,
    onClose,
    create: {
      mutation: createMetric,
      input: toInput,
      success: (saved) => t('apiMetrics.create.success', { name: saved.name }),
    },
    update: metric
      ? {
          mutation: updateMetric,
          input: (values) => {
            const { apiId: _apiId, ...changes } = toInput(values);
            return { id: metric.id, ...changes };
          },
          success: (saved) => t('apiMetrics.edit.success', { name: saved.name }),
        }
      : null,
  });

  return (
    <EntityFormModal
      opened={opened}
      onClose={save.close}
      title={metric ? t('apiMetrics.edit.title') : t('apiMetrics.create.title')}
      size="lg"
      submitLabel={metric ? t('common.save') : t('apiMetrics.create.submit')}
      pending={save.pending}
      onSubmit={form.onSubmit(save.submit)}
    >
      {!apiId && !metric && (
        <ApiSelect
          label={t('apiMetrics.fields.api')}
          placeholder={t('apiMetrics.fields.apiPlaceholder')}
          withAsterisk
          {...form.getInputProps('apiId')}
        />
      )}
      <TextInput
        label={t('apiMetrics.fields.name')}
        placeholder={t('apiMetrics.fields.namePlaceholder')}
        withAsterisk
        autoComplete="off"
        data-autofocus
        {...form.getInputProps('name')}
      />
      <Textarea
        label={t('apiMetrics.fields.description')}
        withAsterisk
        autosize
        minRows={2}
        {...form.getInputProps('description')}
      />
      <Autocomplete
        label={t('apiMetrics.fields.keyIdentifier')}
        description={t('apiMetrics.fields.keyIdentifierHint')}
        placeholder="bayId"
        withAsterisk
        data={keys}
        autoComplete="off"
        {...form.getInputProps('keyIdentifier')}
      />
      <TagsInput
        label={t('apiMetrics.fields.targetKeys')}
        description={t('apiMetrics.fields.targetKeysHint')}
        placeholder={t('apiMetrics.fields.targetKeysPlaceholder')}
        withAsterisk
        data={keys}
        splitChars={[',']}
        acceptValueOnBlur
        clearable
        {...form.getInputProps('targetKeys')}
      />
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('apiMetrics.fields.defaults')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('apiMetrics.fields.defaultsHint')}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {DEFAULTS.map((field) => (
          <TextInput
            key={field}
            label={t(`apiMetrics.fields.${field}`)}
            placeholder={t(`bayMetrics.fields.${field}Placeholder`)}
            autoComplete="off"
            {...form.getInputProps(field)}
          />
        ))}
      </SimpleGrid>
      <Switch
        label={t('apiMetrics.fields.enabled')}
        {...form.getInputProps('enabled', { type: 'checkbox' })}
      />
    </EntityFormModal>
  );
}

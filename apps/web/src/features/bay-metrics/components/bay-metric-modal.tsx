import { Autocomplete, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  type BayMetric,
  createBayMetricSchema,
  DEFAULT_DEADBAND_PERCENT,
  DEFAULT_PENDING_CHECKS,
  MAX_DEADBAND_PERCENT,
  MAX_PENDING_CHECKS,
  OPERATORS,
  type Operator,
  VALUE_TYPES,
  type ValueType,
} from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { EntityFormModal, useCreateOrUpdateSubmit } from '../../../components/entity-form-modal';
import { useApiMetrics } from '../../api-metrics';
import { useApiCheck } from '../../apis';
import { useCreateBayMetric } from '../api/create-bay-metric';
import { useUpdateBayMetric } from '../api/update-bay-metric';

interface BayMetricValues {
  bayId: string;
  apiMetricId: string;
  keyValue: string;
  path: string;
  type: ValueType | '';
  operator: Operator | '';
  thresholdCritical: string;
  thresholdWarning: string;
  thresholdInactive: string;
  thresholdActive: string;
  pendingChecks: number | string;
  /** Empty: the default deadband. */
  deadbandPercent: number | string;
}

const THRESHOLDS = [
  ['thresholdCritical', 'critical'],
  ['thresholdWarning', 'warning'],
  ['thresholdInactive', 'inactive'],
  ['thresholdActive', 'active'],
] as const;

const FIELDS = [
  'apiMetricId',
  'keyValue',
  'path',
  'type',
  'operator',
  'thresholdCritical',
  'thresholdWarning',
  'thresholdInactive',
  'thresholdActive',
  'pendingChecks',
  'deadbandPercent',
] as const;
const checkBayMetric = schemaResolver(createBayMetricSchema, { sync: true });
/** An empty deadband field means "the default" (null). */
const toInput = (values: BayMetricValues) => ({
  ...values,
  deadbandPercent: values.deadbandPercent === '' ? null : values.deadbandPercent,
});

/**
 * Add or edit a bay attribute: the API attribute (grouped by API), which record (key value, offered from
 * a test of the API), where the value is (path), how to read and compare it, the four thresholds, and
 * the checks in a row a level must hold before its alert notifies.
 */
export function BayMetricModal({
  opened,
  onClose,
  bayId,
  metric,
}: {
  opened: boolean;
  onClose: () => void;
  bayId: string;
  metric?: BayMetric | null;
}) {
  const { t, i18n } = useTranslation();
  const defaultDeadband = DEFAULT_DEADBAND_PERCENT.toLocaleString(i18n.language);
  const createMetric = useCreateBayMetric();
  const updateMetric = useUpdateBayMetric();
  const apiMetrics = useApiMetrics(
    { page: 1, perPage: 100, sort: { column: 'apiName', direction: 'asc' } },
    { enabled: opened },
  );
  const form = useForm<BayMetricValues>({
    mode: 'controlled',
    initialValues: {
      bayId,
      apiMetricId: metric?.apiMetricId ?? '',
      keyValue: metric?.keyValue ?? '',
      path: metric?.path ?? '',
      type: metric?.type ?? '',
      operator: metric?.operator ?? '',
      thresholdCritical: metric?.thresholdCritical ?? '',
      thresholdWarning: metric?.thresholdWarning ?? '',
      thresholdInactive: metric?.thresholdInactive ?? '',
      thresholdActive: metric?.thresholdActive ?? '',
      pendingChecks: metric?.pendingChecks ?? DEFAULT_PENDING_CHECKS,
      deadbandPercent: metric?.deadbandPercent ?? '',
    },
    validate: (values) => checkBayMetric(toInput(values)),
  });

  const all = apiMetrics.data?.data ?? [];
  const selected = all.find((m) => m.id === form.values.apiMetricId);
  const check = useApiCheck(opened ? selected?.apiId : null);
  const keyValues = check.data?.keyValues.find((k) => k.apiMetricId === selected?.id)?.values ?? [];
  const paths = [...new Set([...(selected?.targetKeys ?? []), ...(check.data?.keys ?? [])])];

  const groups = new Map<string, { value: string; label: string }[]>();
  for (const m of all) {
    const items = groups.get(m.apiName) ?? [];
    items.push({ value: m.id, label: m.name });
    groups.set(m.apiName, items);
  }
  // An attribute outside the first page (edit) is still shown by its name.
  if (metric && !all.some((m) => m.id === metric.apiMetricId)) {
    groups.set(metric.apiName, [
      ...(groups.get(metric.apiName) ?? []),
      { value: metric.apiMetricId, label: metric.apiMetricName },
    ]);
  }
  const data = [...groups].map(([group, items]) => ({ group, items }));
  const save = useCreateOrUpdateSubmit({
    form,
    fields: FIELDS,
    onClose,
    create: {
      mutation: createMetric,
      input: (values) => createBayMetricSchema.parse(toInput(values)),
      success: (saved) => t('bayMetrics.create.success', { name: saved.apiMetricName }),
    },
    update: metric
      ? {
          mutation: updateMetric,
          input: (values) => {
            const { bayId: _bayId, ...changes } = createBayMetricSchema.parse(toInput(values));
            return { id: metric.id, ...changes };
          },
          success: (saved) => t('bayMetrics.edit.success', { name: saved.apiMetricName }),
        }
      : null,
  });

  return (
    <EntityFormModal
      opened={opened}
      onClose={save.close}
      title={metric ? t('bayMetrics.edit.title') : t('bayMetrics.create.title')}
      size="lg"
      submitLabel={metric ? t('common.save') : t('bayMetrics.create.submit')}
      pending={save.pending}
      onSubmit={form.onSubmit(save.submit)}
    >
      <Select
        label={t('bayMetrics.fields.apiMetric')}
        placeholder={t('bayMetrics.fields.apiMetricPlaceholder')}
        withAsterisk
        searchable
        data={data}
        nothingFoundMessage={t('apiMetrics.empty')}
        disabled={apiMetrics.isPending}
        data-autofocus
        {...form.getInputProps('apiMetricId')}
        onChange={(value) => form.setFieldValue('apiMetricId', value ?? '')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Autocomplete
          label={t('bayMetrics.fields.keyValue')}
          description={
            keyValues.length > 0
              ? t('bayMetrics.fields.keyValueSeen', { count: keyValues.length })
              : t('bayMetrics.fields.keyValueHint')
          }
          withAsterisk
          data={keyValues}
          autoComplete="off"
          {...form.getInputProps('keyValue')}
        />
        <Autocomplete
          label={t('bayMetrics.fields.path')}
          description={t('bayMetrics.fields.pathHint')}
          withAsterisk
          data={paths}
          autoComplete="off"
          {...form.getInputProps('path')}
        />
        <Select
          label={t('bayMetrics.fields.type')}
          placeholder={t('bayMetrics.fields.typePlaceholder')}
          withAsterisk
          data={VALUE_TYPES.map((value) => ({ value, label: t(`bayMetrics.types.${value}`) }))}
          {...form.getInputProps('type')}
          onChange={(value) => form.setFieldValue('type', (value ?? '') as ValueType | '')}
        />
        <Select
          label={t('bayMetrics.fields.operator')}
          placeholder={t('bayMetrics.fields.operatorPlaceholder')}
          withAsterisk
          data={OPERATORS.map((value) => ({ value, label: t(`bayMetrics.operators.${value}`) }))}
          {...form.getInputProps('operator')}
          onChange={(value) => form.setFieldValue('operator', (value ?? '') as Operator | '')}
        />
      </SimpleGrid>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('bayMetrics.fields.thresholds')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('bayMetrics.fields.thresholdsHint')}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {THRESHOLDS.map(([field, level]) => (
          <TextInput
            key={field}
            label={t(`bayMetrics.thresholds.${level}`)}
            autoComplete="off"
            {...form.getInputProps(field)}
          />
        ))}
      </SimpleGrid>
      <NumberInput
        label={t('bayMetrics.fields.pendingChecks')}
        description={t('bayMetrics.fields.pendingChecksHint')}
        min={1}
        max={MAX_PENDING_CHECKS}
        allowDecimal={false}
        allowNegative={false}
        w={{ base: '100%', sm: 240 }}
        {...form.getInputProps('pendingChecks')}
      />
      {form.values.type === 'number' && (
        <NumberInput
          label={t('bayMetrics.fields.deadband')}
          description={t('bayMetrics.fields.deadbandHint', { percent: defaultDeadband })}
          placeholder={String(DEFAULT_DEADBAND_PERCENT)}
          min={0}
          max={MAX_DEADBAND_PERCENT}
          decimalScale={3}
          allowNegative={false}
          suffix=" %"
          w={{ base: '100%', sm: 240 }}
          {...form.getInputProps('deadbandPercent')}
        />
      )}
    </EntityFormModal>
  );
}

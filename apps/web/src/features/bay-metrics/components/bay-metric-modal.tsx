import { Select } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  type ApiMetric,
  type BayMetric,
  createBayMetricSchema,
  DEFAULT_PENDING_CHECKS,
} from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { EntityFormModal, useCreateOrUpdateSubmit } from '../../../components/entity-form-modal';
import { useApiCheck } from '../../../lib/queries/check-api';
import { useApiMetrics } from '../../../lib/queries/get-api-metrics';
import { useCreateBayMetric } from '../api/create-bay-metric';
import { useUpdateBayMetric } from '../api/update-bay-metric';
import { metricName } from '../metric-name';
import { type BayMetricValues, DisplayFields, LevelFields } from './bay-metric-fields';
import { SourceFields } from './bay-metric-source-fields';

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
  'displayName',
  'unit',
  'trueLabel',
  'falseLabel',
] as const;
const checkBayMetric = schemaResolver(createBayMetricSchema, { sync: true });
/** An empty deadband field means "the default" (null). */
const toInput = (values: BayMetricValues) => ({
  ...values,
  deadbandPercent: values.deadbandPercent === '' ? null : values.deadbandPercent,
});

/** The API attributes grouped by API; one outside the first page (edit) is still shown by its name. */
function apiMetricOptions(all: readonly ApiMetric[], metric: BayMetric | null | undefined) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const m of all) {
    const items = groups.get(m.apiName) ?? [];
    items.push({ value: m.id, label: m.name });
    groups.set(m.apiName, items);
  }
  if (metric && !all.some((m) => m.id === metric.apiMetricId)) {
    groups.set(metric.apiName, [
      ...(groups.get(metric.apiName) ?? []),
      { value: metric.apiMetricId, label: metric.apiMetricName },
    ]);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

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
  const { t } = useTranslation();
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
      displayName: metric?.displayName ?? '',
      unit: metric?.unit ?? '',
      trueLabel: metric?.trueLabel ?? '',
      falseLabel: metric?.falseLabel ?? '',
    },
    validate: (values) => checkBayMetric(toInput(values)),
  });

  const all = apiMetrics.data?.data ?? [];
  const selected = all.find((m) => m.id === form.values.apiMetricId);
  const check = useApiCheck(opened ? selected?.apiId : null);
  const keyValues = check.data?.keyValues.find((k) => k.apiMetricId === selected?.id)?.values ?? [];
  const paths = [...new Set([...(selected?.targetKeys ?? []), ...(check.data?.keys ?? [])])];

  const data = apiMetricOptions(all, metric);
  const counter = form.values.type === 'counter';
  /** The API attribute's default as the placeholder, else an example. */
  const placeholder = (field: 'displayName' | 'unit' | 'trueLabel' | 'falseLabel') => {
    const fallback = selected?.[field];
    return fallback
      ? t('bayMetrics.fields.defaultPlaceholder', { value: fallback })
      : t(`bayMetrics.fields.${field}Placeholder`);
  };
  const save = useCreateOrUpdateSubmit({
    form,
    fields: FIELDS,
    onClose,
    create: {
      mutation: createMetric,
      input: (values) => createBayMetricSchema.parse(toInput(values)),
      success: (saved) => t('bayMetrics.create.success', { name: metricName(saved) }),
    },
    update: metric
      ? {
          mutation: updateMetric,
          input: (values) => {
            const { bayId: _bayId, ...changes } = createBayMetricSchema.parse(toInput(values));
            return { id: metric.id, ...changes };
          },
          success: (saved) => t('bayMetrics.edit.success', { name: metricName(saved) }),
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
      <SourceFields form={form} keyValues={keyValues} paths={paths} />
      {!counter && <LevelFields form={form} />}
      <DisplayFields form={form} placeholder={placeholder} />
    </EntityFormModal>
  );
}

import { Autocomplete, Select, SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { OPERATORS, type Operator, VALUE_TYPES, type ValueType } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import type { BayMetricValues } from './bay-metric-fields';

/**
 * The bay attribute form's record (key value, offered from a test of the API), where its value is (path),
 * and how to read and compare it (type, operator).
 */
export function SourceFields({
  form,
  keyValues,
  paths,
}: {
  form: UseFormReturnType<BayMetricValues>;
  /** The key values a test of the API saw for the chosen API attribute. */
  keyValues: readonly string[];
  /** The API attribute's paths and those a test of the API saw. */
  paths: readonly string[];
}) {
  const { t } = useTranslation();
  const counter = form.values.type === 'counter';
  /**
   * A counter has no thresholds (decision 034): choosing it clears them, and its operator (kept for the
   * stored row, never used) is set so the form has nothing to ask for.
   */
  const chooseType = (type: ValueType | '') => {
    form.setFieldValue('type', type);
    if (type !== 'counter') return;
    if (form.values.operator === '') form.setFieldValue('operator', 'gte');
    for (const field of [
      'thresholdCritical',
      'thresholdWarning',
      'thresholdInactive',
      'thresholdActive',
    ] as const) {
      form.setFieldValue(field, '');
    }
  };
  return (
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
        description={counter ? t('bayMetrics.fields.counterHint') : undefined}
        data={VALUE_TYPES.map((value) => ({ value, label: t(`bayMetrics.types.${value}`) }))}
        {...form.getInputProps('type')}
        onChange={(value) => chooseType((value ?? '') as ValueType | '')}
      />
      {!counter && (
        <Select
          label={t('bayMetrics.fields.operator')}
          placeholder={t('bayMetrics.fields.operatorPlaceholder')}
          withAsterisk
          data={OPERATORS.map((value) => ({ value, label: t(`bayMetrics.operators.${value}`) }))}
          {...form.getInputProps('operator')}
          onChange={(value) => form.setFieldValue('operator', (value ?? '') as Operator | '')}
        />
      )}
    </SimpleGrid>
  );
}

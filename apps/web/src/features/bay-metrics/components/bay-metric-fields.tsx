import { NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  DEFAULT_DEADBAND_PERCENT,
  formatNumber,
  MAX_DEADBAND_PERCENT,
  MAX_PENDING_CHECKS,
  type Operator,
  type ValueType,
} from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../lib/format';

export interface BayMetricValues {
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
  /** How the value is shown; empty: the API attribute's default (docs/domain.md, Words). */
  displayName: string;
  unit: string;
  trueLabel: string;
  falseLabel: string;
}

const THRESHOLDS = [
  ['thresholdCritical', 'critical'],
  ['thresholdWarning', 'warning'],
  ['thresholdInactive', 'inactive'],
  ['thresholdActive', 'active'],
] as const;

type BayMetricForm = { form: UseFormReturnType<BayMetricValues> };

/** The bay attribute form's four thresholds and the checks in a row a level must hold before it notifies. */
export function LevelFields({ form }: BayMetricForm) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}

/**
 * How the bay attribute's value is shown (name, unit or the words for true and false, each with the API
 * attribute's default as placeholder) and, for numbers, the deadband.
 */
export function DisplayFields({
  form,
  placeholder,
}: BayMetricForm & { placeholder: (field: 'displayName' | 'unit' | 'trueLabel' | 'falseLabel') => string }) {
  const { t, i18n } = useTranslation();
  const defaultDeadband = formatNumber(DEFAULT_DEADBAND_PERCENT, intlLocale(i18n.language));
  return (
    <>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('bayMetrics.fields.display')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('bayMetrics.fields.displayHint')}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('bayMetrics.fields.displayName')}
          placeholder={placeholder('displayName')}
          autoComplete="off"
          {...form.getInputProps('displayName')}
        />
        {form.values.type === 'boolean' ? (
          <>
            <TextInput
              label={t('bayMetrics.fields.trueLabel')}
              placeholder={placeholder('trueLabel')}
              autoComplete="off"
              {...form.getInputProps('trueLabel')}
            />
            <TextInput
              label={t('bayMetrics.fields.falseLabel')}
              placeholder={placeholder('falseLabel')}
              autoComplete="off"
              {...form.getInputProps('falseLabel')}
            />
          </>
        ) : (
          form.values.type !== 'string' && (
            <TextInput
              label={t('bayMetrics.fields.unit')}
              placeholder={placeholder('unit')}
              autoComplete="off"
              {...form.getInputProps('unit')}
            />
          )
        )}
      </SimpleGrid>
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
    </>
  );
}

import {
  type Alert,
  type AttributeLevel,
  type DescribedReading,
  type DisplayWords,
  describeReading,
  formatAttributeValue,
  formatNumber,
  formatPercent,
  formatThreshold,
  levelPhrase,
  type Operator,
  type ValueLabels,
  type ValueType,
} from '@vaskedrift/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from './format';

const LEVELS: readonly AttributeLevel[] = ['critical', 'warning', 'inactive', 'active', 'nodata'];
const OPERATORS: readonly Operator[] = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'];

type Labels = Pick<ValueLabels, 'unit' | 'trueLabel' | 'falseLabel'>;

/**
 * Values, thresholds and numbers as a person reads them, in the interface language (docs/domain.md,
 * Numbers and Words): the one format of `@vaskedrift/shared` with the language's words — 'Vanntrykk
 * 1,2 bar · kritisk under 2 bar'.
 */
export function useValueFormat() {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  return useMemo(() => {
    const words: DisplayWords = {
      levels: Object.fromEntries(
        LEVELS.map((level) => [level, t(`bayMetrics.values.levels.${level}`)]),
      ) as Record<AttributeLevel, string>,
      comparisons: Object.fromEntries(
        OPERATORS.map((op) => [op, (value: string) => t(`bayMetrics.values.compare.${op}`, { value })]),
      ) as DisplayWords['comparisons'],
      outsideThresholds: t('bayMetrics.values.outsideThresholds'),
      withLimit: (level, limit) => t('bayMetrics.values.withLimit', { level, limit }),
      yes: t('bayMetrics.values.yes'),
      no: t('bayMetrics.values.no'),
    };
    const options = { locale, words };
    return {
      locale,
      words,
      /** 'Vanntrykk 1,2 bar · kritisk under 2 bar' */
      describe: (reading: DescribedReading) => describeReading(reading, options),
      /** 'kritisk under 2 bar' */
      phrase: (reading: DescribedReading) => levelPhrase(reading, options),
      /** '1,2 bar', 'Åpen', '–' */
      value: (value: unknown, labels: Labels, type?: ValueType) =>
        formatAttributeValue(value, labels, type, options),
      /** A stored threshold in the attribute's words: '2,5 bar' */
      threshold: (raw: string, type: ValueType, labels: Labels) =>
        formatThreshold(raw, type, labels, options),
      number: (value: number | null | undefined) => formatNumber(value, locale),
      percent: (value: number | null | undefined) => formatPercent(value, locale),
    };
  }, [t, locale]);
}

/**
 * An alert's value as a reading to describe: the attribute's words and thresholds as they are now, or,
 * once the attribute is deleted, the alert's name and the value's own type.
 */
export function alertReading(alert: Alert): DescribedReading {
  const kind = typeof alert.lastValue;
  return {
    labels: alert.attribute?.labels ?? {
      name: alert.attributeName,
      unit: null,
      trueLabel: null,
      falseLabel: null,
    },
    type: alert.attribute?.type ?? (kind === 'number' || kind === 'boolean' ? kind : 'string'),
    operator: alert.attribute?.operator ?? 'eq',
    thresholds: alert.attribute?.thresholds ?? {},
    level: alert.level,
    value: alert.lastValue,
  };
}

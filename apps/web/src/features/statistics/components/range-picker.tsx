import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/ja';
import 'dayjs/locale/nb';
import { Group, SegmentedControl, Select } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendar } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  customSearch,
  formatDayParam,
  PRESET_RANGES,
  parseDay,
  presetSearch,
  type RangeChoice,
  type RangeSearch,
  resolveRange,
} from '../range';

type DayRange = [string | null, string | null];

/** The period in the address of the page shown now (every statistics route validates it). */
export function useRangeSearch(): RangeSearch {
  const search = useSearch({ strict: false }) as RangeSearch;
  return { range: search.range, from: search.from, to: search.to };
}

/**
 * 24 t, 7 d, 30 d, 90 d or a custom period of whole days, written to the address (`?range=…`) so the
 * page, a reload and a shared link show the same period.
 */
export function RangePicker() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const search = useRangeSearch();
  const phone = useMediaQuery('(max-width: 36em)');
  const resolved = resolveRange(search);
  // The address decides what is shown (back and forward included); 'custom' is shown as soon as it is
  // picked, before both days are chosen and written to the address.
  const [pickingCustom, setPickingCustom] = useState(false);
  const choice: RangeChoice = pickingCustom ? 'custom' : resolved.choice;
  // Days being picked (the first chosen, the second not yet); otherwise the address's.
  const [picking, setPicking] = useState<DayRange | null>(null);
  const days: DayRange =
    picking ?? (search.range === 'custom' ? [search.from ?? null, search.to ?? null] : [null, null]);
  const show = (next: RangeSearch) =>
    void navigate({
      to: '.',
      replace: true,
      search: (prev) => ({
        ...prev,
        range: undefined,
        from: undefined,
        to: undefined,
        ...next,
      }),
    });

  const choices = [...PRESET_RANGES, 'custom' as const].map((value) => ({
    value,
    label: t(`statistics.range.${value}`),
  }));
  const choose = (value: string | null) => {
    if (!value) return;
    const next = value as RangeChoice;
    setPickingCustom(next === 'custom');
    if (next !== 'custom') show(presetSearch(next));
  };

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" w={phone ? '100%' : undefined}>
      {/* Five segments do not fit beside each other on a phone: there the choice is a select. */}
      {phone ? (
        <Select
          aria-label={t('statistics.range.label')}
          data={choices}
          value={choice}
          onChange={choose}
          allowDeselect={false}
          w="100%"
        />
      ) : (
        <SegmentedControl
          aria-label={t('statistics.range.label')}
          value={choice}
          onChange={choose}
          data={choices}
        />
      )}
      {choice === 'custom' && (
        <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
          <DatePickerInput
            type="range"
            aria-label={t('statistics.range.customLabel')}
            placeholder={t('statistics.range.customPlaceholder')}
            leftSection={<IconCalendar size={16} aria-hidden />}
            valueFormat="DD.MM.YYYY"
            maxDate={formatDayParam(new Date())}
            dropdownType={phone ? 'modal' : 'popover'}
            w={phone ? '100%' : 240}
            value={days}
            onChange={(value) => {
              const next = value as DayRange;
              const from = parseDay(next[0]);
              const to = parseDay(next[1]);
              setPicking(from && to ? null : next);
              if (from && to) {
                setPickingCustom(false);
                show(customSearch(from, to));
              }
            }}
          />
        </DatesProvider>
      )}
    </Group>
  );
}

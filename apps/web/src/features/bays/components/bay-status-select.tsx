import { Group, Select, type SelectProps } from '@mantine/core';
import { BAY_STATUSES, type BayStatus, isBayStatus } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { bayStatusColor, bayStatusLabelKey } from '../../../components/bay-status/bay-status';
import classes from './bay-status-select.module.css';

/** A select of the five statuses, each with its colour dot. */
export function BayStatusSelect({
  value,
  onChange,
  ...props
}: { value: BayStatus; onChange: (status: BayStatus) => void } & Omit<
  SelectProps,
  'value' | 'onChange' | 'data'
>) {
  const { t } = useTranslation();
  return (
    <Select
      data={BAY_STATUSES.map((status) => ({ value: status, label: t(bayStatusLabelKey(status)) }))}
      value={value}
      onChange={(next) => {
        if (isBayStatus(next)) onChange(next);
      }}
      allowDeselect={false}
      leftSection={
        <span
          className={classes.dot}
          style={{ background: `var(--mantine-color-${bayStatusColor(value)}-filled)` }}
        />
      }
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <span
            className={classes.dot}
            style={{
              background: isBayStatus(option.value)
                ? `var(--mantine-color-${bayStatusColor(option.value)}-filled)`
                : undefined,
            }}
          />
          {option.label}
        </Group>
      )}
      {...props}
    />
  );
}

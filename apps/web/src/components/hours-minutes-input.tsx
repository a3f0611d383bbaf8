import { Input, NumberInput, SimpleGrid } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

/**
 * An interval as whole hours and minutes (0–59) side by side under one label, e.g. how often a reminder
 * comes; each number keeps its own label and error.
 */
export function HoursMinutesInput({
  label,
  description,
  withAsterisk,
  hoursLabel,
  minutesLabel,
  maxHours,
  hoursProps,
  minutesProps,
}: {
  label: string;
  description: string;
  withAsterisk?: boolean;
  hoursLabel: string;
  minutesLabel: string;
  maxHours?: number;
  hoursProps: GetInputPropsReturnType;
  minutesProps: GetInputPropsReturnType;
}) {
  return (
    <Input.Wrapper label={label} description={description} withAsterisk={withAsterisk}>
      <SimpleGrid cols={2} spacing="sm" mt={4}>
        <NumberInput
          label={hoursLabel}
          min={0}
          max={maxHours}
          allowDecimal={false}
          allowNegative={false}
          {...hoursProps}
        />
        <NumberInput
          label={minutesLabel}
          min={0}
          max={59}
          allowDecimal={false}
          allowNegative={false}
          {...minutesProps}
        />
      </SimpleGrid>
    </Input.Wrapper>
  );
}

import { ColorInput, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

export interface GroupFormValues {
  name: string;
  description: string;
  color: string;
}

/** Suggested colours: the brand green and a few that stay readable in light and dark mode. */
export const GROUP_SWATCHES = [
  '#50CD89',
  '#3E97FF',
  '#7239EA',
  '#F1416C',
  '#FFC700',
  '#F6641B',
  '#13C2C2',
  '#7E8299',
];

/** Name, description and colour, the fields of both the 'Ny gruppe' modal and the edit page. */
export function GroupFormFields({
  form,
  autoFocus = false,
}: {
  form: UseFormReturnType<GroupFormValues>;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <TextInput
        label={t('groups.fields.name')}
        withAsterisk
        data-autofocus={autoFocus || undefined}
        key={form.key('name')}
        {...form.getInputProps('name')}
      />
      <Textarea
        label={t('groups.fields.description')}
        withAsterisk
        autosize
        minRows={2}
        maxRows={5}
        key={form.key('description')}
        {...form.getInputProps('description')}
      />
      <ColorInput
        label={t('groups.fields.color')}
        withAsterisk
        format="hex"
        swatches={GROUP_SWATCHES}
        swatchesPerRow={8}
        eyeDropperButtonProps={{ 'aria-label': t('groups.fields.eyeDropper') }}
        key={form.key('color')}
        {...form.getInputProps('color')}
      />
    </Stack>
  );
}

/** The form values as the API takes them. */
export function toGroupInput(values: GroupFormValues) {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    config: { color: values.color.trim() },
  };
}

/** A field error from the API (paths `name`, `description`, `config.color`) under the form's field. */
export function groupFieldErrors(errors: Record<string, string> | null): Record<string, string> | null {
  if (!errors) return null;
  const { config, ...rest } = errors;
  return config ? { ...rest, color: config } : rest;
}

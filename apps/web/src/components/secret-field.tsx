import { Badge, Button, Group, Input, PasswordInput, Stack } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A secret the server never returns: when one is stored the field says 'Lagret' with 'Bytt' to type a new
 * one; while replacing, 'Behold lagret' goes back to keeping it. `storedLabel` says 'Lagret' another way;
 * `actions` (e.g. 'Generer') sit under the input while one is typed.
 */
export function SecretField({
  label,
  stored,
  replacing,
  onReplace,
  onKeep,
  inputProps,
  storedLabel,
  actions,
}: {
  label: string;
  stored: boolean;
  replacing: boolean;
  onReplace: () => void;
  onKeep: () => void;
  inputProps: GetInputPropsReturnType;
  storedLabel?: string;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  if (stored && !replacing) {
    return (
      <Input.Wrapper label={label} withAsterisk error={inputProps.error}>
        <Group gap="sm" mt={4}>
          <Badge color="green" variant="light" leftSection={<IconCheck size={12} aria-hidden />}>
            {storedLabel ?? t('apis.form.secretSaved')}
          </Badge>
          <Button
            size="compact-sm"
            variant="default"
            onClick={onReplace}
            aria-label={`${t('apis.form.replace')} ${label}`}
          >
            {t('apis.form.replace')}
          </Button>
        </Group>
      </Input.Wrapper>
    );
  }
  const input = (
    <PasswordInput
      label={label}
      withAsterisk
      autoComplete="new-password"
      {...inputProps}
      description={
        stored ? (
          <Button size="compact-xs" variant="subtle" px={0} onClick={onKeep}>
            {t('apis.form.keepSecret')}
          </Button>
        ) : undefined
      }
    />
  );
  if (!actions) return input;
  return (
    <Stack gap={6}>
      {input}
      <Group gap="xs">{actions}</Group>
    </Stack>
  );
}

import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconTrash } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type nb from '../locales/nb.json';
import { confirmDelete } from './confirm';

type Texts = typeof nb;
type DeleteTexts = Record<'title' | 'text' | 'button' | 'confirm' | 'confirmButton' | 'success', string>;

/** Every feature whose texts have a complete `<feature>.delete` group (see the README's key rule). */
export type DeleteTextsKey = {
  [F in keyof Texts]: Texts[F] extends { delete: DeleteTexts } ? `${F}.delete` : never;
}[keyof Texts];

/**
 * The red-bordered card at the foot of an edit page that deletes the record: title, what deleting does,
 * the button (busy while the call runs), a confirmation first, a toast either way. `refusal` picks the
 * refusals worth saying in the card too (e.g. 'Gruppen er i bruk', next to the way out).
 */
export function DangerZoneCard<TData, TVariables>({
  texts: keys,
  name,
  mutation,
  variables,
  onDeleted,
  refusal,
}: {
  /** Whose `.delete` texts; `name` fills their `{{name}}`. */
  texts: DeleteTextsKey;
  name: string;
  mutation: Pick<UseMutationResult<TData, Error, TVariables>, 'mutateAsync' | 'isPending'>;
  variables: TVariables;
  onDeleted: (data: TData) => void;
  refusal?: (error: Error) => string | null;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const title = t(`${keys}.title`);
  const [refused, setRefused] = useState<string | null>(null);

  const ask = () =>
    confirmDelete({
      texts: keys,
      name,
      mutation,
      variables,
      onDone: onDeleted,
      onError: (error) => setRefused(refusal?.(error) ?? null),
    });

  return (
    <Card
      padding="lg"
      component="section"
      aria-labelledby={titleId}
      // Half the filled red: a red edge in both colour schemes (the theme's `red-outline` is near white in dark).
      style={{ borderColor: 'color-mix(in srgb, var(--mantine-color-red-filled) 50%, transparent)' }}
    >
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="md">
          <Stack gap={4}>
            <Title order={3} fz="md" id={titleId}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`${keys}.text`)}
            </Text>
          </Stack>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} aria-hidden />}
            loading={mutation.isPending}
            onClick={ask}
          >
            {t(`${keys}.button`)}
          </Button>
        </Group>
        {refused && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {refused}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

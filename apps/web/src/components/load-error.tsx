import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../lib/use-api-error-message';

/** A failed load: what went wrong (the server's Norwegian message) and a button to try again. */
export function LoadError({
  error,
  onRetry,
  retrying = false,
  title,
}: {
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
  title?: string;
}) {
  const { t } = useTranslation();
  const message = useApiErrorMessage(error);
  return (
    <Alert
      color="red"
      variant="light"
      title={title ?? t('common.loadError')}
      icon={<IconAlertCircle aria-hidden />}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="default" onClick={onRetry} loading={retrying}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

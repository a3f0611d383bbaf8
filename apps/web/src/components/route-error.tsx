import { Alert, Button, Center, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from './button-link';

/** What a page that throws shows instead of the router's English default: a way back, in the user's language. */
export function RouteError({ reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <Center py="xl">
      <Alert
        role="alert"
        color="red"
        variant="light"
        icon={<IconAlertTriangle />}
        title={t('app.routeError.title')}
        maw={560}
      >
        <Stack gap="md">
          <Text size="sm">{t('app.routeError.text')}</Text>
          <Group>
            <Button onClick={retry}>{t('app.routeError.retry')}</Button>
            <ButtonLink to="/" variant="default">
              {t('app.routeError.home')}
            </ButtonLink>
          </Group>
        </Stack>
      </Alert>
    </Center>
  );
}

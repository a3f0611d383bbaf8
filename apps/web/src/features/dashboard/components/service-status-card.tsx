import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconDatabase, IconServer } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useFallback } from '../../misc/api/fallback';
import classes from './service-status-card.module.css';

export function ServiceStatusCard() {
  const { t } = useTranslation();
  const status = useFallback();
  const errorMessage = useApiErrorMessage(status.error);

  return (
    <Card padding="xl" h="100%">
      <Title order={3} fz="md" mb="md">
        {t('dashboard.status.title')}
      </Title>
      {status.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('app.loading')}>
          <Skeleton height={16} width="40%" />
          <Skeleton height={14} width="70%" />
          <Skeleton height={14} width="60%" />
        </Stack>
      ) : status.isError ? (
        <Alert
          color="red"
          variant="light"
          title={t('dashboard.status.errorTitle')}
          icon={<IconAlertCircle aria-hidden />}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage}</Text>
            <Button size="xs" variant="default" onClick={() => status.refetch()} loading={status.isFetching}>
              {t('dashboard.status.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack gap="sm">
          <Group gap="xs">
            <span className={classes.dot} aria-hidden />
            <Text fw={600} className={classes.online}>
              {t('dashboard.status.online')}
            </Text>
          </Group>
          <Group gap="xs" c="dimmed">
            <IconServer size={16} aria-hidden />
            <Text size="sm">{t('dashboard.status.version', { version: status.data.version })}</Text>
          </Group>
          <Group gap="xs" c="dimmed">
            <IconDatabase size={16} aria-hidden />
            <Text size="sm">
              {t('dashboard.status.database', {
                database:
                  status.data.database === 'embedded'
                    ? t('dashboard.status.databaseEmbedded')
                    : t('dashboard.status.databaseExternal'),
              })}
            </Text>
          </Group>
        </Stack>
      )}
    </Card>
  );
}

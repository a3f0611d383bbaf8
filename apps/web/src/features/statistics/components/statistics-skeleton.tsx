import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A statistics page while its first figures load. */
export function StatisticsSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" aria-label={t('app.loading')} aria-busy>
      <Skeleton height={36} width={320} maw="100%" radius="md" />
      <Skeleton height={110} radius="lg" />
      <Skeleton height={140} radius="lg" />
      <Skeleton height={260} radius="lg" />
    </Stack>
  );
}

import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while a route waits for the session or for its code to load. */
export function RoutePending() {
  const { t } = useTranslation();
  return (
    <Center h="100dvh" w="100%" role="status" aria-label={t('app.loading')}>
      <Loader type="dots" />
    </Center>
  );
}

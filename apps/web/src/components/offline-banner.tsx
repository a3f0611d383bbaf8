import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOfflineState } from '../lib/offline/offline-state';

/**
 * 'Frakoblet · sist oppdatert 09:45' while the app has no network: the time the dashboard on screen was read
 * from the server, or that nothing was kept (docs/decisions/036-installable-app.md).
 */
export function OfflineBanner() {
  const { t, i18n } = useTranslation();
  const { offline, savedAt } = useOfflineState();
  if (!offline) return null;
  const time =
    savedAt === null
      ? null
      : new Date(savedAt).toLocaleTimeString(i18n.language === 'nb' ? 'nb-NO' : i18n.language, {
          hour: '2-digit',
          minute: '2-digit',
        });
  return (
    <Alert
      color="gray"
      variant="light"
      mb="md"
      role="status"
      data-testid="offline-banner"
      icon={<IconCloudOff aria-hidden />}
    >
      {time ? t('app.offline.savedAt', { time }) : t('app.offline.nothingSaved')}
    </Alert>
  );
}

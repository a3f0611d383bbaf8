import { Box } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../components/list-skeleton';
import { LoadError } from '../components/load-error';
import { auth } from '../lib/gotrue-client';
import { notifyError } from '../lib/notify';
import { UserDataMissingError, useUserData } from '../lib/user-data-query';
import { useApplyUserSettings } from './use-apply-user-settings';

/**
 * Holds the pages back until the user data is ready (docs/domain.md, User data), and applies the user's
 * settings. An account without user data is signed out with an error (same section); any other failure can be
 * retried.
 */
export function UserDataGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const userData = useUserData();
  useApplyUserSettings(userData.settings);
  const missing = userData.error instanceof UserDataMissingError;

  useEffect(() => {
    if (!missing) return;
    notifyError(t('userData.missing'), t('userData.missingTitle'));
    void auth.signOut({ scope: 'local' });
  }, [missing, t]);

  if (userData.ready) return children;
  if (userData.error && !missing) {
    return (
      <Box maw={640}>
        <LoadError error={userData.error} onRetry={userData.refetch} title={t('userData.loadError')} />
      </Box>
    );
  }
  return <ListSkeleton rows={6} height={44} />;
}

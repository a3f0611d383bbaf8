import { Alert, Button, Card, Stack, Switch, Text, Title } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  askDesktopPermission,
  browserPermission,
  type DesktopPermission,
} from '../../../lib/realtime/desktop-notifications';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { useUpdateUserSettings } from '../api/update-user-settings';

const askBrowser = () =>
  askDesktopPermission({ permission: browserPermission, request: () => Notification.requestPermission() });

/**
 * The signed-in user's own desktop notifications (docs/decisions/019-notifications.md, Desktop). Saved at
 * once; turning them on asks the browser for permission first (from the click, as browsers require) and
 * stays off when the browser refuses. The setting follows the user; the permission is each browser's own.
 */
export function DesktopNotificationsCard({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const save = useUpdateUserSettings();
  const [permission, setPermission] = useState<DesktopPermission>(browserPermission);
  const [refused, setRefused] = useState(false);
  const unsupported = permission === 'unsupported';
  const shownOn = save.isPending ? save.variables.desktopNotifications === true : enabled;

  async function change(on: boolean) {
    setRefused(false);
    if (on) {
      const answer = await askBrowser();
      setPermission(answer);
      if (answer !== 'granted') return setRefused(true);
    }
    void save.mutateAsync({ desktopNotifications: on }).then(
      () => notifySuccess(t(on ? 'users.edit.desktop.turnedOn' : 'users.edit.desktop.turnedOff')),
      (error: Error) => notifyError(apiErrorMessage(error, t)),
    );
  }

  async function allowHere() {
    const answer = await askBrowser();
    setPermission(answer);
    setRefused(answer !== 'granted');
  }

  return (
    <Card padding="xl" component="section" aria-labelledby="desktop-notifications-title">
      <Title order={3} fz="md" mb="lg" id="desktop-notifications-title">
        {t('users.edit.desktop.title')}
      </Title>
      <Stack gap="md">
        <Switch
          label={t('users.edit.desktop.label')}
          description={t('users.edit.desktop.help')}
          checked={shownOn && !unsupported}
          disabled={unsupported || save.isPending}
          onChange={(event) => void change(event.currentTarget.checked)}
        />
        {unsupported && (
          <Text size="sm" c="dimmed">
            {t('users.edit.desktop.unsupported')}
          </Text>
        )}
        {(refused || (enabled && permission === 'denied')) && (
          <Alert color="orange" variant="light" icon={<IconBellOff aria-hidden />} role="alert">
            {t('users.edit.desktop.blocked')}
          </Alert>
        )}
        {enabled && permission === 'default' && !refused && (
          <Stack gap="xs" align="flex-start">
            <Text size="sm" c="dimmed">
              {t('users.edit.desktop.notAllowedHere')}
            </Text>
            <Button variant="light" onClick={() => void allowHere()}>
              {t('users.edit.desktop.allowHere')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

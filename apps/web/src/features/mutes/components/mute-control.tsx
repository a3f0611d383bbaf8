import { Badge, Button, Group, Skeleton, Text } from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { canAcknowledgeAlerts } from '@vaskedrift/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../lib/auth-context';
import { formatUntil } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { useEndMute } from '../api/end-mute';
import { type MuteScope, useMutes } from '../api/get-mutes';
import { MuteModal } from './mute-modal';

/**
 * 'Demp varsler' for a bay or a whole facility: while muted, 'Dempet til 14:30' and 'Slå på varsler
 * igjen'. A bay inside a muted facility says so; that mute is ended on the facility. Operators and up
 * (those who acknowledge alerts) change it; others only see it.
 */
export function MuteControl({ scope }: { scope: MuteScope }) {
  const { t, i18n } = useTranslation();
  const { role } = useAuth();
  const [muting, setMuting] = useState(false);
  const mutes = useMutes(scope);
  const endMute = useEndMute();
  const canChange = role != null && canAcknowledgeAlerts(role);

  if (mutes.isPending) return <Skeleton height={30} width={160} radius="sm" />;
  if (mutes.isError) {
    return (
      <Group gap="xs">
        <Text size="sm" c="red">
          {t('mutes.loadError')}
        </Text>
        <Button
          size="compact-xs"
          variant="default"
          loading={mutes.isFetching}
          onClick={() => mutes.refetch()}
        >
          {t('common.retry')}
        </Button>
      </Group>
    );
  }

  const bayId = 'bayId' in scope ? scope.bayId : null;
  const own = mutes.data.find((mute) => mute.bayId === bayId);
  const location = bayId ? mutes.data.find((mute) => mute.bayId === null) : undefined;
  const shown = own ?? location;

  const unmute = () =>
    void endMute.mutateAsync(scope).then(
      () => notifySuccess(t('mutes.end.success')),
      (error: Error) => notifyError(apiErrorMessage(error, t)),
    );

  return (
    <Group gap="sm" data-muted={shown ? 'true' : 'false'}>
      {shown && (
        <Badge
          color="orange"
          variant="light"
          size="lg"
          tt="none"
          leftSection={<IconBellOff size={14} aria-hidden />}
          title={shown.reason || undefined}
        >
          {t(own ? 'mutes.mutedUntil' : 'mutes.locationMutedUntil', {
            time: formatUntil(shown.until, i18n.language),
          })}
        </Badge>
      )}
      {canChange && own && (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconBell size={14} aria-hidden />}
          loading={endMute.isPending}
          onClick={unmute}
        >
          {t('mutes.end.button')}
        </Button>
      )}
      {canChange && !shown && (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconBellOff size={14} aria-hidden />}
          onClick={() => setMuting(true)}
        >
          {t('mutes.create.button')}
        </Button>
      )}
      {muting && <MuteModal scope={scope} onClose={() => setMuting(false)} />}
    </Group>
  );
}

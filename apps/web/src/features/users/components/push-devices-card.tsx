import { ActionIcon, Alert, Badge, Card, Group, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconBellOff, IconDeviceMobile, IconTrash } from '@tabler/icons-react';
import type { WebPushDevice } from '@vaskedrift/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmMutation } from '../../../components/confirm';
import { LoadError } from '../../../components/load-error';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  currentSubscription,
  deviceLabel,
  needsHomeScreen,
  pushOnThisDevice,
  pushSupported,
  runsStandalone,
  subscribe,
  thisDevice,
} from '../../../lib/push/push-browser';
import { askDesktopPermission, browserPermission } from '../../../lib/realtime/desktop-notifications';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import {
  getPushPublicKey,
  useCreatePushDevice,
  useDeletePushDevice,
  usePushDevices,
} from '../api/push-devices';

const askBrowser = () =>
  askDesktopPermission({ permission: browserPermission, request: () => Notification.requestPermission() });

function DeviceRow({ device, current }: { device: WebPushDevice; current: boolean }) {
  const { t, i18n } = useTranslation();
  const remove = useDeletePushDevice();
  const label = device.label || t('users.edit.push.thisDevice');
  const delivered = formatDateTime(device.lastSuccessAt, i18n.language);
  return (
    <Group justify="space-between" wrap="nowrap" data-testid="push-device">
      <Group gap="sm" wrap="nowrap">
        <IconDeviceMobile size={20} aria-hidden />
        <div>
          <Group gap={6}>
            <Text fw={600} size="sm">
              {label}
            </Text>
            {current && (
              <Badge size="xs" variant="light">
                {t('users.edit.push.thisDevice')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {t('users.edit.push.added', { time: formatDateTime(device.createdAt, i18n.language) })}
            {' · '}
            {delivered
              ? t('users.edit.push.lastDelivered', { time: delivered })
              : t('users.edit.push.neverDelivered')}
          </Text>
        </div>
      </Group>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={t('users.edit.push.remove.label', { name: label })}
        loading={remove.isPending}
        onClick={() =>
          confirmMutation({
            mutation: remove,
            variables: device.id,
            title: t('users.edit.push.remove.title'),
            message: t('users.edit.push.remove.confirm', { name: label }),
            confirmLabel: t('users.edit.push.remove.confirmButton'),
            success: t('users.edit.push.remove.success'),
            onDone: () => {
              if (!current) return;
              // This browser's own row: its subscription goes too, so nothing arrives here any more.
              thisDevice.set(null);
              pushOnThisDevice.set(false);
              void currentSubscription().then((subscription) => subscription?.unsubscribe());
            },
          })
        }
      >
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/**
 * 'Varsler på denne enheten' (docs/decisions/036-installable-app.md): Web Push turned on or off for this
 * browser (the browser asks first; refused, it stays off with how to allow it), the iPhone's home-screen
 * hint, and the user's devices with 'Fjern'.
 */
export function PushDevicesCard() {
  const { t } = useTranslation();
  const devices = usePushDevices();
  const create = useCreatePushDevice();
  const remove = useDeletePushDevice();
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState(false);
  const supported = pushSupported();
  const homeScreenFirst = needsHomeScreen(navigator.userAgent, runsStandalone());
  const currentId = thisDevice.get();

  useEffect(() => {
    if (!supported) return setOn(false);
    let cancelled = false;
    void currentSubscription()
      .catch(() => null)
      .then((subscription) => {
        if (!cancelled) setOn(subscription != null && thisDevice.get() != null);
      });
    return () => {
      cancelled = true;
    };
  }, [supported]);

  async function turnOn() {
    const answer = await askBrowser();
    if (answer !== 'granted') return setRefused(true);
    const subscription = await subscribe(await getPushPublicKey());
    const json = subscription.toJSON();
    const id = await create.mutateAsync({
      endpoint: subscription.endpoint,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      label: deviceLabel(navigator.userAgent),
    });
    thisDevice.set(id);
    pushOnThisDevice.set(true);
    setOn(true);
    notifySuccess(t('users.edit.push.turnedOn'));
  }

  async function turnOff() {
    const subscription = await currentSubscription();
    await subscription?.unsubscribe();
    const id = thisDevice.get();
    if (id) await remove.mutateAsync(id);
    thisDevice.set(null);
    pushOnThisDevice.set(false);
    setOn(false);
    notifySuccess(t('users.edit.push.turnedOff'));
  }

  async function change(next: boolean) {
    setRefused(false);
    setBusy(true);
    try {
      await (next ? turnOn() : turnOff());
    } catch (error) {
      notifyError(t('users.edit.push.failed', { message: apiErrorMessage(error, t) }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card padding="xl" component="section" aria-labelledby="push-devices-title">
      <Title order={3} fz="md" mb="lg" id="push-devices-title">
        {t('users.edit.push.title')}
      </Title>
      <Stack gap="md">
        <Switch
          label={t('users.edit.push.label')}
          description={t('users.edit.push.help')}
          checked={on === true}
          disabled={!supported || homeScreenFirst || on === null || busy}
          onChange={(event) => void change(event.currentTarget.checked)}
        />
        {homeScreenFirst ? (
          <Alert color="blue" variant="light" icon={<IconDeviceMobile aria-hidden />}>
            <Text size="sm" fw={600}>
              {t('users.edit.push.iphone')}
            </Text>
            <Text size="sm">{t('users.edit.push.iphoneHow')}</Text>
          </Alert>
        ) : (
          !supported && (
            <Text size="sm" c="dimmed">
              {t('users.edit.push.unsupported')}
            </Text>
          )
        )}
        {(refused || (supported && browserPermission() === 'denied')) && (
          <Alert color="orange" variant="light" icon={<IconBellOff aria-hidden />} role="alert">
            {t('users.edit.push.blocked')}
          </Alert>
        )}
        <Title order={4} fz="sm">
          {t('users.edit.push.devices')}
        </Title>
        {devices.isPending ? (
          <Skeleton height={44} radius="md" aria-label={t('app.loading')} />
        ) : devices.isError ? (
          <LoadError
            error={devices.error}
            onRetry={() => void devices.refetch()}
            title={t('users.edit.push.loadError')}
          />
        ) : devices.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('users.edit.push.empty')}
          </Text>
        ) : (
          <Stack gap="sm">
            {devices.data.map((device) => (
              <DeviceRow key={device.id} device={device} current={device.id === currentId} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

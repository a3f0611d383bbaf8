import { Alert, Button, Card, Fieldset, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import {
  SYSTEM_SETTING_KEYS,
  SYSTEM_SETTINGS_LIMITS,
  type SystemSettingKey,
  type SystemSettings,
  type SystemSettingsResponse,
  systemSettingsFormSchema,
  systemSettingsUpdateDenial,
} from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useAuth } from '../../../lib/auth-context';
import { apiFieldErrors } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { useSystemSettings } from '../api/get-system-settings';
import { useUpdateSystemSettings } from '../api/update-system-settings';
import { changedSettings, settingsOf } from '../changed-settings';

const GROUPS: ReadonlyArray<{ legend: 'checks' | 'retention' | 'alerts'; fields: SystemSettingKey[] }> = [
  { legend: 'checks', fields: ['failureThreshold'] },
  {
    legend: 'retention',
    fields: ['rawRetentionHours', 'minuteRetentionDays', 'hourRetentionDays', 'checkLogRetentionDays'],
  },
  { legend: 'alerts', fields: ['escalationMinutes', 'predictionHorizonMinutes'] },
];

function SettingsForm({ settings, canEdit }: { settings: SystemSettingsResponse; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateSystemSettings();
  const initial = settingsOf(settings);
  const form = useForm<SystemSettings>({
    mode: 'controlled',
    initialValues: initial,
    validate: schemaResolver(systemSettingsFormSchema, { sync: true }),
  });

  const submit = (values: SystemSettings) => {
    const changes = changedSettings(initial, values);
    if (Object.keys(changes).length === 0) return notifySuccess(t('systemSettings.unchanged'));
    void update.mutateAsync(changes).then(
      (saved) => {
        form.setInitialValues(settingsOf(saved));
        form.resetDirty();
        notifySuccess(t('systemSettings.saved'));
      },
      (error: Error) => {
        const errors = apiFieldErrors(error, SYSTEM_SETTING_KEYS);
        if (errors) form.setErrors(errors);
        else notifyError(apiErrorMessage(error, t));
      },
    );
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="lg">
        {!canEdit && (
          <Alert color="gray" variant="light" icon={<IconLock aria-hidden />}>
            {t('systemSettings.readOnly')}
          </Alert>
        )}
        {GROUPS.map((group) => (
          <Fieldset
            key={group.legend}
            legend={t(`systemSettings.groups.${group.legend}`)}
            disabled={!canEdit}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {group.fields.map((key) => (
                <NumberInput
                  key={key}
                  label={t(`systemSettings.fields.${key}.label`)}
                  description={t(`systemSettings.fields.${key}.description`)}
                  min={SYSTEM_SETTINGS_LIMITS[key].min}
                  max={SYSTEM_SETTINGS_LIMITS[key].max}
                  allowDecimal={false}
                  allowNegative={false}
                  thousandSeparator=" "
                  suffix={` ${t(`systemSettings.fields.${key}.unit`)}`}
                  {...form.getInputProps(key)}
                />
              ))}
            </SimpleGrid>
          </Fieldset>
        ))}
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {settings.updatedAt
              ? t('systemSettings.updatedAt', { at: formatDateTime(settings.updatedAt, i18n.language) })
              : t('systemSettings.defaults')}
          </Text>
          {canEdit && (
            <Group gap="sm">
              <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty()}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={update.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** /admin/settings/general: the failure threshold, how long data is kept and when alerts escalate. */
export function SystemSettingsPage() {
  const { t } = useTranslation();
  const { role } = useAuth();
  const settings = useSystemSettings();
  const canEdit = role != null && systemSettingsUpdateDenial({ role }) === null;
  return (
    <>
      <PageHeader description={t('systemSettings.subtitle')} />
      <Card padding="lg" maw={860}>
        {settings.isPending ? (
          <ListSkeleton rows={6} height={56} />
        ) : settings.isError ? (
          <LoadError
            error={settings.error}
            onRetry={() => settings.refetch()}
            retrying={settings.isFetching}
          />
        ) : (
          <SettingsForm
            key={settings.data.updatedAt ?? 'defaults'}
            settings={settings.data}
            canEdit={canEdit}
          />
        )}
      </Card>
    </>
  );
}

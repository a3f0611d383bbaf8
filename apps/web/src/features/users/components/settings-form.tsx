import { Button, Card, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LANGUAGE_LABELS, LANGUAGES, type Language, type ThemeMode } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { pageSizeOptions } from '../../../components/use-data-table-texts';
import { AVAILABLE_LANGUAGES } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import type { UserSettings } from '../../../lib/user-data';
import { useUpdateUserSettings } from '../api/update-user-settings';

interface SettingsValues {
  themeMode: ThemeMode;
  itemsPerPage: string;
  language: Language;
}

/** The signed-in user's own settings: theme, rows per table page and language. */
export function SettingsForm({ settings }: { settings: UserSettings }) {
  const { t } = useTranslation();
  const saveSettings = useUpdateUserSettings();
  const form = useForm<SettingsValues>({
    mode: 'controlled',
    initialValues: {
      themeMode: settings.themeMode,
      itemsPerPage: String(settings.itemsPerPage),
      language: settings.language,
    },
  });
  // A language is offered once its texts exist; the stored one stays listed so the field shows it.
  const languages = LANGUAGES.filter(
    (code) => AVAILABLE_LANGUAGES.includes(code) || code === settings.language,
  );

  const submit = (values: SettingsValues) => {
    void saveSettings
      .mutateAsync({
        themeMode: values.themeMode,
        itemsPerPage: Number(values.itemsPerPage),
        language: values.language,
      })
      .then(
        () => {
          form.setInitialValues(values);
          form.resetDirty();
          notifySuccess(t('users.edit.settings.success'));
        },
        (error: Error) => notifyError(apiErrorMessage(error, t)),
      );
  };

  return (
    <Card padding="xl" component="section" aria-labelledby="settings-form-title">
      <Title order={3} fz="md" mb="lg" id="settings-form-title">
        {t('users.edit.settings.title')}
      </Title>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <Stack gap={6}>
            <Text size="sm" fw={500} id="settings-theme-label">
              {t('users.edit.settings.theme')}
            </Text>
            <SegmentedControl
              aria-labelledby="settings-theme-label"
              data={[
                { value: 'light', label: t('theme.light') },
                { value: 'dark', label: t('theme.dark') },
                { value: 'system', label: t('theme.system') },
              ]}
              style={{ alignSelf: 'flex-start' }}
              {...form.getInputProps('themeMode')}
            />
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('users.edit.settings.itemsPerPage')}
              data={pageSizeOptions(settings.itemsPerPage).map(String)}
              allowDeselect={false}
              {...form.getInputProps('itemsPerPage')}
            />
            <Select
              label={t('users.edit.settings.language')}
              description={
                AVAILABLE_LANGUAGES.length < LANGUAGES.length
                  ? t('users.edit.settings.languageHint')
                  : undefined
              }
              data={languages.map((code) => ({ value: code, label: LANGUAGE_LABELS[code] }))}
              allowDeselect={false}
              {...form.getInputProps('language')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={saveSettings.isPending}>
              {t('users.edit.settings.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

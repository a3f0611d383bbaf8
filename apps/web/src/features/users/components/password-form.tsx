import { Button, Card, Group, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type PasswordChangeInput, passwordChangeSchema, type User } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { useUpdateUser } from '../api/update-user';

export function PasswordForm({ user, self }: { user: User; self: boolean }) {
  const { t } = useTranslation();
  const updateUser = useUpdateUser();
  const form = useForm<PasswordChangeInput>({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: schemaResolver(passwordChangeSchema, { sync: true }),
  });

  const submit = (values: PasswordChangeInput) => {
    void updateUser
      .mutateAsync({ id: user.id, password: values.password, confirmPassword: values.confirmPassword })
      .then(
        () => {
          form.reset();
          notifySuccess(t('users.edit.password.success'));
        },
        (error: Error) => {
          const fieldErrors = apiFieldErrors(error, ['password', 'confirmPassword']);
          if (fieldErrors) form.setErrors(fieldErrors);
          else notifyError(apiErrorMessage(error, t));
        },
      );
  };

  return (
    <Card padding="xl" component="section" aria-labelledby="password-form-title">
      <Title order={3} fz="md" mb={4} id="password-form-title">
        {t('users.edit.password.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="lg">
        {self ? t('users.edit.password.hintSelf') : t('users.edit.password.hintOther')}
      </Text>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput
              label={t('users.edit.password.newPassword')}
              autoComplete="new-password"
              withAsterisk
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label={t('users.edit.password.confirmPassword')}
              autoComplete="new-password"
              withAsterisk
              key={form.key('confirmPassword')}
              {...form.getInputProps('confirmPassword')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={updateUser.isPending}>
              {t('users.edit.password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

import { Alert, Box, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { isAuthWeakPasswordError } from '@supabase/auth-js';
import { IconAlertCircle } from '@tabler/icons-react';
import { MESSAGES, type PasswordChangeInput, passwordChangeSchema } from '@vaskedrift/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAuth } from '../../../lib/auth-client';
import { signInErrorKey } from '../sign-in-error';

/** The new password and its confirmation, set with the recovery session (`PUT /auth/v1/user`). */
export function NewPasswordForm({ onDone }: { onDone: () => void | Promise<void> }) {
  const { t } = useTranslation();
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<PasswordChangeInput>({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: schemaResolver(passwordChangeSchema, { sync: true }),
  });

  const submit = async ({ password }: PasswordChangeInput) => {
    setProblem(null);
    setSubmitting(true);
    try {
      const { error } = await (await getAuth()).updateUser({ password });
      if (error) throw error;
      await onDone();
    } catch (error) {
      setSubmitting(false);
      if (isAuthWeakPasswordError(error)) form.setFieldError('password', MESSAGES.passwordTooShort);
      else if ((error as { code?: string }).code === 'same_password')
        form.setFieldError('password', t('auth.reset.samePassword'));
      else setProblem(t(signInErrorKey(error)));
    }
  };

  return (
    <Box component="form" w="100%" onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={28} mb={6}>
            {t('auth.reset.heading')}
          </Title>
          <Text c="dimmed">{t('auth.reset.subtitle')}</Text>
        </div>
        {problem && (
          <Alert
            color="red"
            variant="light"
            title={t('auth.signIn.errorTitle')}
            icon={<IconAlertCircle aria-hidden />}
          >
            {problem}
          </Alert>
        )}
        <PasswordInput
          label={t('auth.reset.password')}
          autoComplete="new-password"
          size="md"
          visibilityToggleButtonProps={{ 'aria-label': t('auth.signIn.showPassword') }}
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={t('auth.reset.confirmPassword')}
          autoComplete="new-password"
          size="md"
          visibilityToggleButtonProps={{ 'aria-label': t('auth.signIn.showPassword') }}
          key={form.key('confirmPassword')}
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" size="md" fullWidth loading={submitting}>
          {t('auth.reset.submit')}
        </Button>
      </Stack>
    </Box>
  );
}

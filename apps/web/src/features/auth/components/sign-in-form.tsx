import {
  Alert,
  Anchor,
  Box,
  Button,
  Loader,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { type SignInInput, signInSchema } from '@vaskedrift/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../../lib/auth-client';
import { safeRedirect } from '../safe-redirect';
import { type SignInErrorKey, signInErrorKey } from '../sign-in-error';
import classes from './sign-in-form.module.css';

const signInRoute = getRouteApi('/sign-in');
/** The page arrives with the next issue; a plain link, so it works before the route exists. */
const FORGOT_PASSWORD_PATH = '/sign-in/forgot';

export function SignInForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { redirect } = signInRoute.useSearch();
  const [submitting, setSubmitting] = useState(false);
  const [errorKey, setErrorKey] = useState<SignInErrorKey | null>(null);

  const form = useForm<SignInInput>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(signInSchema, { sync: true }),
  });

  const handleSubmit = async (values: SignInInput) => {
    setErrorKey(null);
    setSubmitting(true);
    try {
      const { error } = await auth.signInWithPassword({
        email: values.email.trim(),
        password: values.password,
      });
      if (error) throw error;
      // Stays "submitting" while the next page loads, so the button cannot be pressed twice.
      await navigate({ href: safeRedirect(redirect), replace: true });
    } catch (error) {
      setErrorKey(signInErrorKey(error));
      setSubmitting(false);
    }
  };

  return (
    <Box component="form" onSubmit={form.onSubmit(handleSubmit)} noValidate w="100%">
      <Stack gap="lg">
        <div>
          <Title order={1} fz={28} mb={6}>
            {t('auth.signIn.heading')}
          </Title>
          <Text c="dimmed">{t('auth.signIn.subtitle')}</Text>
        </div>

        {errorKey && (
          <Alert
            color="red"
            variant="light"
            title={t('auth.signIn.errorTitle')}
            icon={<IconAlertCircle aria-hidden />}
          >
            {t(errorKey)}
          </Alert>
        )}

        <TextInput
          label={t('auth.signIn.email')}
          placeholder={t('auth.signIn.emailPlaceholder')}
          type="email"
          autoComplete="username"
          size="md"
          key={form.key('email')}
          {...form.getInputProps('email')}
        />

        <Stack gap={8}>
          <PasswordInput
            label={t('auth.signIn.password')}
            placeholder={t('auth.signIn.passwordPlaceholder')}
            autoComplete="current-password"
            size="md"
            visibilityToggleButtonProps={{ 'aria-label': t('auth.signIn.showPassword') }}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Anchor href={FORGOT_PASSWORD_PATH} size="sm" fw={500} style={{ alignSelf: 'flex-end' }}>
            {t('auth.signIn.forgotPassword')}
          </Anchor>
        </Stack>

        <Button
          type="submit"
          size="md"
          fullWidth
          className={classes.submit}
          disabled={submitting}
          leftSection={submitting ? <Loader size={16} color="currentColor" aria-hidden /> : null}
        >
          {submitting ? t('auth.signIn.submitting') : t('auth.signIn.submit')}
        </Button>
      </Stack>
    </Box>
  );
}

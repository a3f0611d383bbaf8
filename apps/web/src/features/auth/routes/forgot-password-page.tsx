import { Alert, Box, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { emailSchema } from '@vaskedrift/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AnchorLink } from '../../../components/anchor-link';
import { getAuth } from '../../../lib/auth-client';
import { AuthPageFrame } from '../components/auth-page-frame';
import { type SignInErrorKey, signInErrorKey } from '../sign-in-error';

const forgotSchema = z.object({ email: emailSchema });

/**
 * /sign-in/forgot: asks for a recovery link. The answer is the same whether the e-mail is known or not,
 * so the page says the same either way.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [errorKey, setErrorKey] = useState<SignInErrorKey | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(forgotSchema, { sync: true }),
  });

  const submit = async ({ email }: { email: string }) => {
    setErrorKey(null);
    setSubmitting(true);
    try {
      const { error } = await (await getAuth()).resetPasswordForEmail(email.trim());
      if (error) throw error;
      setSent(true);
    } catch (error) {
      setErrorKey(signInErrorKey(error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthPageFrame>
      <Box w="100%">
        <Stack gap="lg">
          <div>
            <Title order={1} fz={28} mb={6}>
              {t('auth.forgot.heading')}
            </Title>
            <Text c="dimmed">{t('auth.forgot.subtitle')}</Text>
          </div>
          {sent ? (
            <Alert
              color="green"
              variant="light"
              icon={<IconMailCheck aria-hidden />}
              title={t('auth.forgot.sentTitle')}
              role="status"
            >
              {t('auth.forgot.sent')}
            </Alert>
          ) : (
            <Box component="form" onSubmit={form.onSubmit(submit)} noValidate>
              <Stack gap="lg">
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
                  label={t('auth.forgot.email')}
                  placeholder={t('auth.signIn.emailPlaceholder')}
                  type="email"
                  autoComplete="username"
                  size="md"
                  key={form.key('email')}
                  {...form.getInputProps('email')}
                />
                <Button type="submit" size="md" fullWidth loading={submitting}>
                  {t('auth.forgot.submit')}
                </Button>
              </Stack>
            </Box>
          )}
          <AnchorLink to="/sign-in" size="sm" fw={500}>
            {t('auth.forgot.back')}
          </AnchorLink>
        </Stack>
      </Box>
    </AuthPageFrame>
  );
}

import { Alert, Box, Button, Loader, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { type SignInInput, signInRules } from '@vaskedrift/shared';
import { type ChangeEvent, type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/anchor-link';
import { getAuth } from '../../../lib/auth-client';
import { useAuth } from '../../../lib/auth-context';
import { needsSecondFactor } from '../../../lib/auth-store';
import { safeRedirect } from '../safe-redirect';
import { type SignInErrorKey, signInErrorKey } from '../sign-in-error';
import classes from './sign-in-form.module.css';

// The second step is seldom needed and brings zod with its recovery-code schema: loaded when it shows.
const TotpStep = lazy(() => import('./totp-step').then((module) => ({ default: module.TotpStep })));

const signInRoute = getRouteApi('/sign-in');

export function SignInForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { redirect } = signInRoute.useSearch();
  const [submitting, setSubmitting] = useState(false);
  const [errorKey, setErrorKey] = useState<SignInErrorKey | null>(null);
  const { status } = useAuth();
  // Kept once entered, so the password form does not flash back while the next page loads.
  const [secondStep, setSecondStep] = useState(false);
  useEffect(() => {
    if (status === 'mfaRequired') setSecondStep(true);
  }, [status]);
  const goOn = () => navigate({ href: safeRedirect(redirect), replace: true });

  // Two fields in plain state and plain rules (not `signInSchema` in Mantine's form): the sign-in page
  // loads neither zod nor @mantine/form (docs/decisions/021-compression.md). As there: checked on submit,
  // a field's message goes when it is edited.
  const [values, setValues] = useState<SignInInput>({ email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof SignInInput, string>>>({});
  const field = (name: keyof SignInInput) => ({
    value: values[name],
    error: fieldErrors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      setFieldErrors((current) => ({ ...current, [name]: undefined }));
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors = {
      email: signInRules.email(values.email) ?? undefined,
      password: signInRules.password(values.password) ?? undefined,
    };
    setFieldErrors(errors);
    if (!errors.email && !errors.password) void handleSubmit(values);
  };

  const handleSubmit = async (values: SignInInput) => {
    setErrorKey(null);
    setSubmitting(true);
    try {
      const { data, error } = await (await getAuth()).signInWithPassword({
        email: values.email.trim(),
        password: values.password,
      });
      if (error) throw error;
      // With two-factor on, the status is now 'mfaRequired' and the code step below takes over.
      if (needsSecondFactor(data.session)) {
        setSubmitting(false);
        return;
      }
      // Stays "submitting" while the next page loads, so the button cannot be pressed twice.
      await goOn();
    } catch (error) {
      setErrorKey(signInErrorKey(error));
      setSubmitting(false);
    }
  };

  if (status === 'mfaRequired' || secondStep) {
    const cancel = () => {
      setSecondStep(false);
      void getAuth().then((auth) => auth.signOut({ scope: 'local' }));
    };
    return (
      <Suspense fallback={<Loader size="sm" aria-label={t('app.loading')} />}>
        <TotpStep onVerified={goOn} onCancel={cancel} />
      </Suspense>
    );
  }

  return (
    <Box
      component="form"
      onSubmit={onSubmit}
      // auth-js is fetched once the user starts on the form, not with the page (decision 021).
      onFocus={() => void getAuth()}
      noValidate
      w="100%"
    >
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
          {...field('email')}
        />

        <Stack gap={8}>
          <PasswordInput
            label={t('auth.signIn.password')}
            placeholder={t('auth.signIn.passwordPlaceholder')}
            autoComplete="current-password"
            size="md"
            visibilityToggleButtonProps={{ 'aria-label': t('auth.signIn.showPassword') }}
            {...field('password')}
          />
          <AnchorLink to="/sign-in/forgot" size="sm" fw={500} style={{ alignSelf: 'flex-end' }}>
            {t('auth.signIn.forgotPassword')}
          </AnchorLink>
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

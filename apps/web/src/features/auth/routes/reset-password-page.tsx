import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/anchor-link';
import { getAuth } from '../../../lib/auth-client';
import { notifySuccess } from '../../../lib/notify';
import { AuthPageFrame } from '../components/auth-page-frame';
import { NewPasswordForm } from '../components/new-password-form';
import { TotpStep } from '../components/totp-step';
import { recoveryNeedsCode, verifyRecoveryToken } from '../recovery';

const resetRoute = getRouteApi('/sign-in/reset');

type Step = 'verifying' | 'invalid' | 'code' | 'password';

/**
 * /sign-in/reset?token=…: the link from the recovery e-mail. The token is spent for a session; an
 * account with two-factor gives its code first; then the new password is set and the user is in.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = resetRoute.useSearch();
  const [step, setStep] = useState<Step>(token ? 'verifying' : 'invalid');

  useEffect(() => {
    if (!token) return;
    let current = true;
    verifyRecoveryToken(token)
      .then(recoveryNeedsCode)
      .then((needsCode) => current && setStep(needsCode ? 'code' : 'password'))
      .catch(() => current && setStep('invalid'));
    return () => {
      current = false;
    };
  }, [token]);

  const done = async () => {
    notifySuccess(t('auth.reset.success'));
    await navigate({ to: '/', replace: true });
  };

  return (
    <AuthPageFrame>
      {step === 'verifying' ? (
        <Center w="100%" role="status" aria-label={t('auth.reset.verifying')}>
          <Stack align="center" gap="sm">
            <Loader type="dots" />
            <Text c="dimmed">{t('auth.reset.verifying')}</Text>
          </Stack>
        </Center>
      ) : step === 'invalid' ? (
        <Stack gap="lg" w="100%">
          <Alert
            color="red"
            variant="light"
            icon={<IconLinkOff aria-hidden />}
            title={t('auth.reset.invalid')}
            role="alert"
          >
            {t('auth.reset.invalidText')}
          </Alert>
          <AnchorLink to="/sign-in/forgot" fw={500}>
            {t('auth.reset.askNew')}
          </AnchorLink>
        </Stack>
      ) : step === 'code' ? (
        <TotpStep
          onVerified={() => setStep('password')}
          onCancel={() => {
            void getAuth().then((auth) => auth.signOut({ scope: 'local' }));
            void navigate({ to: '/sign-in', replace: true });
          }}
        />
      ) : (
        <NewPasswordForm onDone={done} />
      )}
    </AuthPageFrame>
  );
}

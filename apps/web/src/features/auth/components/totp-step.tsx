import { Alert, Anchor, Box, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../../lib/auth-client';
import { isTotpCode, type MfaErrorKey, mfaErrorKey, normaliseTotpCode } from '../mfa-error';

/**
 * The second step of signing in for an account with two-factor: a six-digit code from the
 * authenticator app. `onVerified` runs once the session has been raised to aal2.
 */
export function TotpStep({
  onVerified,
  onCancel,
}: {
  onVerified: () => void | Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [errorKey, setErrorKey] = useState<MfaErrorKey | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async () => {
    const totp = normaliseTotpCode(code);
    setErrorKey(null);
    if (!isTotpCode(totp)) {
      setFieldError(t('auth.mfa.codeFormat'));
      return;
    }
    setSubmitting(true);
    try {
      const factors = await auth.mfa.listFactors();
      if (factors.error) throw factors.error;
      const factor = factors.data.totp.find((candidate) => candidate.status === 'verified');
      if (!factor) throw new Error('Fant ingen tofaktor for kontoen');
      const { error } = await auth.mfa.challengeAndVerify({ factorId: factor.id, code: totp });
      if (error) throw error;
      await onVerified();
    } catch (error) {
      const key = mfaErrorKey(error);
      if (key === 'auth.mfa.wrongCode' || key === 'auth.mfa.codeFormat') setFieldError(t(key));
      else setErrorKey(key);
      setCode('');
      setSubmitting(false);
    }
  };

  return (
    <Box
      component="form"
      w="100%"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="lg">
        <div>
          <Title order={1} fz={28} mb={6}>
            {t('auth.mfa.heading')}
          </Title>
          <Text c="dimmed">{t('auth.mfa.subtitle')}</Text>
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
          label={t('auth.mfa.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          size="md"
          autoFocus
          value={code}
          error={fieldError}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setFieldError(null);
          }}
          styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
        />
        <Button type="submit" size="md" fullWidth loading={submitting}>
          {t('auth.mfa.submit')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onCancel} style={{ alignSelf: 'center' }}>
          {t('auth.mfa.cancel')}
        </Anchor>
      </Stack>
    </Box>
  );
}

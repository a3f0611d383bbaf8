import { Alert, Anchor, Box, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { mfaRecoveryCodeVerifySchema } from '@vaskedrift/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAuth } from '../../../lib/auth-client';
import {
  isTotpCode,
  type MfaErrorKey,
  mfaErrorKey,
  normaliseTotpCode,
  recoveryCodeErrorKey,
} from '../../../lib/mfa-error';

type Method = 'totp' | 'recovery';

/** The inline field errors; anything else (too many tries, network) is shown above the form. */
const FIELD_ERRORS: readonly MfaErrorKey[] = [
  'auth.mfa.wrongCode',
  'auth.mfa.codeFormat',
  'auth.mfa.wrongRecoveryCode',
  'auth.mfa.recoveryCodeFormat',
];

async function verifyTotp(code: string) {
  const factors = await (await getAuth()).mfa.listFactors();
  if (factors.error) throw factors.error;
  const factor = factors.data.totp.find((candidate) => candidate.status === 'verified');
  if (!factor) throw new Error('Fant ingen tofaktor for kontoen');
  const { error } = await (await getAuth()).mfa.challengeAndVerify({ factorId: factor.id, code });
  if (error) throw error;
}

async function verifyRecoveryCode(code: string) {
  const { error } = await (await getAuth()).mfa.recoveryCodes.verify({ code });
  if (error) throw error;
}

/**
 * The second step of signing in for an account with two-factor: a six-digit code from the authenticator
 * app or, with the phone lost, one of the one-time recovery codes. `onVerified` runs once the session has
 * been raised to aal2.
 */
export function TotpStep({
  onVerified,
  onCancel,
}: {
  onVerified: () => void | Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<Method>('totp');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [errorKey, setErrorKey] = useState<MfaErrorKey | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const recovery = method === 'recovery';

  const switchMethod = () => {
    setMethod(recovery ? 'totp' : 'recovery');
    setCode('');
    setFieldError(null);
    setErrorKey(null);
  };

  const submit = async () => {
    setErrorKey(null);
    const totp = normaliseTotpCode(code);
    const formatOk = recovery ? mfaRecoveryCodeVerifySchema.safeParse({ code }).success : isTotpCode(totp);
    if (!formatOk) {
      setFieldError(t(recovery ? 'auth.mfa.recoveryCodeFormat' : 'auth.mfa.codeFormat'));
      return;
    }
    setSubmitting(true);
    try {
      await (recovery ? verifyRecoveryCode(code) : verifyTotp(totp));
      await onVerified();
    } catch (error) {
      const key = recovery ? recoveryCodeErrorKey(error) : mfaErrorKey(error);
      if (FIELD_ERRORS.includes(key)) setFieldError(t(key));
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
            {t(recovery ? 'auth.mfa.recoveryHeading' : 'auth.mfa.heading')}
          </Title>
          <Text c="dimmed">{t(recovery ? 'auth.mfa.recoverySubtitle' : 'auth.mfa.subtitle')}</Text>
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
        {recovery ? (
          <TextInput
            key="recovery"
            label={t('auth.mfa.recoveryCode')}
            placeholder="xxxx-xxxx-xxxx-xxxx"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={40}
            size="md"
            autoFocus
            value={code}
            error={fieldError}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              setFieldError(null);
            }}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
        ) : (
          <TextInput
            key="totp"
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
        )}
        <Button type="submit" size="md" fullWidth loading={submitting}>
          {t('auth.mfa.submit')}
        </Button>
        <Stack gap={6} align="center">
          <Anchor component="button" type="button" size="sm" onClick={switchMethod}>
            {t(recovery ? 'auth.mfa.useTotp' : 'auth.mfa.useRecoveryCode')}
          </Anchor>
          <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onCancel}>
            {t('auth.mfa.cancel')}
          </Anchor>
        </Stack>
      </Stack>
    </Box>
  );
}

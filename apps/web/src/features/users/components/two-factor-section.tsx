import { Alert, Button, Card } from '@mantine/core';
import { isAuthError } from '@supabase/auth-js';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../../lib/gotrue-client';
import { isTotpCode, mfaErrorKey, normaliseTotpCode, qrCodeSrc } from '../../../lib/mfa-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { type Enrolment, TotpEnrolment, TwoFactorHeader, TwoFactorOn } from './two-factor-panels';

const factorsQueryKey = ['auth', 'factors'] as const;
const recoveryCodesQueryKey = ['auth', 'recovery-codes'] as const;

async function listVerifiedTotp() {
  const { data, error } = await auth.mfa.listFactors();
  if (error) throw error;
  return data.totp.filter((factor) => factor.status === 'verified');
}

/** How many recovery codes are left; `null` when the user has none. */
async function recoveryCodesStatus() {
  const { data, error } = await auth.mfa.recoveryCodes.getStatus();
  if (isAuthError(error) && error.code === 'mfa_factor_not_found') return null;
  if (error) throw error;
  return data;
}

/** A new set of codes: the first one, or a new one in place of the old (which then stop working). */
async function makeRecoveryCodes(replace: boolean): Promise<string[]> {
  const { data, error } = replace
    ? await auth.mfa.recoveryCodes.regenerate()
    : await auth.mfa.recoveryCodes.generate();
  if (error) throw error;
  return data.codes;
}

/**
 * The signed-in user's own two-factor sign-in: turn it on (QR code, secret, first code, then the recovery
 * codes, shown once), make new recovery codes, or turn it off.
 */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const factors = useQuery({ queryKey: factorsQueryKey, queryFn: listVerifiedTotp });
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const verified = factors.data?.[0];
  const recoveryCodes = useQuery({
    queryKey: recoveryCodesQueryKey,
    queryFn: recoveryCodesStatus,
    enabled: verified !== undefined,
  });

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: factorsQueryKey }),
      queryClient.invalidateQueries({ queryKey: recoveryCodesQueryKey }),
    ]);

  const createCodes = useMutation({
    mutationFn: makeRecoveryCodes,
    onMutate: () => setProblem(null),
    onSuccess: (codes) => setNewCodes(codes),
    onError: (error) => setProblem(t(mfaErrorKey(error))),
    onSettled: refresh,
  });

  const enroll = useMutation({
    mutationFn: async () => {
      const { data, error } = await auth.mfa.enroll({ factorType: 'totp' });
      if (error) throw error;
      return data;
    },
    onMutate: () => setProblem(null),
    onSuccess: (data) => {
      setCode('');
      setCodeError(null);
      setEnrolment({ factorId: data.id, qrCode: qrCodeSrc(data.totp.qr_code), secret: data.totp.secret });
    },
    onError: (error) => setProblem(t(mfaErrorKey(error))),
  });

  const verify = useMutation({
    mutationFn: async ({ factorId, totp }: { factorId: string; totp: string }) => {
      const { error } = await auth.mfa.challengeAndVerify({ factorId, code: totp });
      if (error) throw error;
    },
    onSuccess: () => {
      setEnrolment(null);
      notifySuccess(t('twoFactor.enabled'));
      // Enrolment is offered only without a factor, and codes never outlive the last one: make the first set.
      createCodes.mutate(false);
    },
    onError: (error) => setCodeError(t(mfaErrorKey(error))),
  });

  const unenroll = useMutation({
    mutationFn: async (factorId: string) => {
      const { error } = await auth.mfa.unenroll({ factorId });
      if (error) throw error;
    },
    onMutate: () => setProblem(null),
    onSuccess: async () => {
      await refresh();
      notifySuccess(t('twoFactor.remove.success'));
    },
    onError: (error) => {
      const key = mfaErrorKey(error);
      if (key === 'twoFactor.freshSession') setProblem(t(key));
      else notifyError(t(key));
    },
  });

  const cancelEnrolment = () => {
    // The half-made factor is never verified; removing it keeps the account's factor list tidy.
    if (enrolment) void auth.mfa.unenroll({ factorId: enrolment.factorId });
    setEnrolment(null);
  };

  const submitCode = () => {
    if (!enrolment) return;
    const totp = normaliseTotpCode(code);
    if (!isTotpCode(totp)) {
      setCodeError(t('twoFactor.codeFormat'));
      return;
    }
    verify.mutate({ factorId: enrolment.factorId, totp });
  };

  return (
    <Card padding="xl" component="section" aria-labelledby="two-factor-title">
      <TwoFactorHeader known={factors.data !== undefined} on={verified !== undefined} />

      {problem && (
        <Alert color="orange" variant="light" icon={<IconAlertCircle aria-hidden />} mb="md">
          {problem}
        </Alert>
      )}

      {newCodes ? (
        <RecoveryCodesPanel codes={newCodes} onDone={() => setNewCodes(null)} />
      ) : verified ? (
        <TwoFactorOn
          recoveryCodes={recoveryCodes}
          creatingCodes={createCodes.isPending}
          onCreateCodes={(replace) => createCodes.mutate(replace)}
          removing={unenroll.isPending}
          onRemove={() => unenroll.mutate(verified.id)}
        />
      ) : enrolment ? (
        <TotpEnrolment
          enrolment={enrolment}
          code={code}
          codeError={codeError}
          verifying={verify.isPending}
          onCodeChange={(value) => {
            setCode(value);
            setCodeError(null);
          }}
          onSubmit={submitCode}
          onCancel={cancelEnrolment}
        />
      ) : (
        <Button
          variant="light"
          onClick={() => enroll.mutate()}
          loading={enroll.isPending || factors.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('twoFactor.enable')}
        </Button>
      )}
    </Card>
  );
}

import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Image,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { isAuthError } from '@supabase/auth-js';
import { IconAlertCircle, IconRefresh, IconShieldCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import { auth } from '../../../lib/gotrue-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { isTotpCode, mfaErrorKey, normaliseTotpCode, qrCodeSrc } from '../../auth';
import { RecoveryCodesPanel } from './recovery-codes-panel';

interface Enrolment {
  factorId: string;
  qrCode: string;
  secret: string;
}

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
      <Group justify="space-between" mb={4}>
        <Title order={3} fz="md" id="two-factor-title">
          {t('twoFactor.title')}
        </Title>
        {factors.data && (
          <Badge
            variant="light"
            color={verified ? 'green' : 'gray'}
            leftSection={verified ? <IconShieldCheck size={14} aria-hidden /> : null}
          >
            {verified ? t('twoFactor.on') : t('twoFactor.off')}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="lg">
        {verified ? t('twoFactor.onText') : t('twoFactor.intro')}
      </Text>

      {problem && (
        <Alert color="orange" variant="light" icon={<IconAlertCircle aria-hidden />} mb="md">
          {problem}
        </Alert>
      )}

      {newCodes ? (
        <RecoveryCodesPanel codes={newCodes} onDone={() => setNewCodes(null)} />
      ) : verified ? (
        <Stack gap="md">
          {recoveryCodes.isSuccess && (
            <Text size="sm">
              {recoveryCodes.data
                ? t('twoFactor.recoveryCodes.left', {
                    remaining: recoveryCodes.data.remaining,
                    total: recoveryCodes.data.total,
                  })
                : t('twoFactor.recoveryCodes.none')}
            </Text>
          )}
          <Group gap="sm">
            <Button
              variant="light"
              leftSection={<IconRefresh size={16} aria-hidden />}
              loading={createCodes.isPending}
              disabled={!recoveryCodes.isSuccess}
              onClick={() => {
                const replace = recoveryCodes.data != null;
                if (!replace) return createCodes.mutate(false);
                confirmAction({
                  title: t('twoFactor.recoveryCodes.regenerate'),
                  message: t('twoFactor.recoveryCodes.regenerateConfirm'),
                  confirmLabel: t('twoFactor.recoveryCodes.regenerate'),
                  danger: false,
                  onConfirm: () => createCodes.mutate(true),
                });
              }}
            >
              {t('twoFactor.recoveryCodes.regenerate')}
            </Button>
            <Button
              variant="light"
              color="red"
              loading={unenroll.isPending}
              onClick={() =>
                confirmAction({
                  title: t('twoFactor.remove.title'),
                  message: t('twoFactor.remove.confirm'),
                  confirmLabel: t('twoFactor.remove.confirmButton'),
                  onConfirm: () => unenroll.mutate(verified.id),
                })
              }
            >
              {t('twoFactor.remove.button')}
            </Button>
          </Group>
        </Stack>
      ) : enrolment ? (
        <Stack gap="md">
          <Text size="sm">{t('twoFactor.scan')}</Text>
          <Group align="flex-start" gap="xl">
            <Image
              src={enrolment.qrCode}
              alt={t('twoFactor.qrAlt')}
              w={180}
              h={180}
              bg="white"
              p={6}
              radius="md"
            />
            <Stack gap="sm" style={{ flex: 1, minWidth: 220 }}>
              <div>
                <Text size="sm" fw={500} mb={4}>
                  {t('twoFactor.secret')}
                </Text>
                <Group gap="xs" wrap="nowrap">
                  <Code data-testid="totp-secret" fz="sm" style={{ wordBreak: 'break-all' }}>
                    {enrolment.secret}
                  </Code>
                  <CopyButton value={enrolment.secret}>
                    {({ copied, copy }) => (
                      <Button size="compact-xs" variant="subtle" onClick={copy}>
                        {copied ? t('twoFactor.copied') : t('twoFactor.copySecret')}
                      </Button>
                    )}
                  </CopyButton>
                </Group>
              </div>
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  submitCode();
                }}
                noValidate
              >
                <Stack gap="sm">
                  <TextInput
                    label={t('twoFactor.code')}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={7}
                    w={200}
                    value={code}
                    error={codeError}
                    onChange={(event) => {
                      setCode(event.currentTarget.value);
                      setCodeError(null);
                    }}
                  />
                  <Group gap="sm">
                    <Button type="submit" loading={verify.isPending}>
                      {t('twoFactor.verify')}
                    </Button>
                    <Button variant="default" onClick={cancelEnrolment}>
                      {t('twoFactor.cancel')}
                    </Button>
                  </Group>
                </Stack>
              </form>
            </Stack>
          </Group>
        </Stack>
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

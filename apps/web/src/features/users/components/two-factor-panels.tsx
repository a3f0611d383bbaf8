import { Badge, Button, Code, CopyButton, Group, Image, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconRefresh, IconShieldCheck } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';

/** A TOTP factor being set up: its QR code (an image address) and its secret to type in by hand. */
export interface Enrolment {
  factorId: string;
  qrCode: string;
  secret: string;
}

/** The section's title with 'På' or 'Av' once the factors are known, and what two-factor sign-in is. */
export function TwoFactorHeader({ known, on }: { known: boolean; on: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Group justify="space-between" mb={4}>
        <Title order={3} fz="md" id="two-factor-title">
          {t('twoFactor.title')}
        </Title>
        {known && (
          <Badge
            variant="light"
            color={on ? 'green' : 'gray'}
            leftSection={on ? <IconShieldCheck size={14} aria-hidden /> : null}
          >
            {on ? t('twoFactor.on') : t('twoFactor.off')}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="lg">
        {on ? t('twoFactor.onText') : t('twoFactor.intro')}
      </Text>
    </>
  );
}

/**
 * Two-factor sign-in is on: how many recovery codes are left, new codes (replacing the old ones after a
 * question), and turning it off.
 */
export function TwoFactorOn({
  recoveryCodes,
  creatingCodes,
  onCreateCodes,
  removing,
  onRemove,
}: {
  recoveryCodes: UseQueryResult<{ remaining: number; total: number } | null>;
  creatingCodes: boolean;
  onCreateCodes: (replace: boolean) => void;
  removing: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
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
          loading={creatingCodes}
          disabled={!recoveryCodes.isSuccess}
          onClick={() => {
            const replace = recoveryCodes.data != null;
            if (!replace) return onCreateCodes(false);
            confirmAction({
              title: t('twoFactor.recoveryCodes.regenerate'),
              message: t('twoFactor.recoveryCodes.regenerateConfirm'),
              confirmLabel: t('twoFactor.recoveryCodes.regenerate'),
              danger: false,
              onConfirm: () => onCreateCodes(true),
            });
          }}
        >
          {t('twoFactor.recoveryCodes.regenerate')}
        </Button>
        <Button
          variant="light"
          color="red"
          loading={removing}
          onClick={() =>
            confirmAction({
              title: t('twoFactor.remove.title'),
              message: t('twoFactor.remove.confirm'),
              confirmLabel: t('twoFactor.remove.confirmButton'),
              onConfirm: onRemove,
            })
          }
        >
          {t('twoFactor.remove.button')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Setting two-factor sign-in up: scan the QR code (or type the secret), then give the first code. */
export function TotpEnrolment({
  enrolment,
  code,
  codeError,
  verifying,
  onCodeChange,
  onSubmit,
  onCancel,
}: {
  enrolment: Enrolment;
  code: string;
  codeError: string | null;
  verifying: boolean;
  onCodeChange: (code: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
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
              onSubmit();
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
                onChange={(event) => onCodeChange(event.currentTarget.value)}
              />
              <Group gap="sm">
                <Button type="submit" loading={verifying}>
                  {t('twoFactor.verify')}
                </Button>
                <Button variant="default" onClick={onCancel}>
                  {t('twoFactor.cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Stack>
      </Group>
    </Stack>
  );
}

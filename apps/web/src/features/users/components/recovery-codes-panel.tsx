import { Button, Code, CopyButton, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCopy, IconDownload, IconKey } from '@tabler/icons-react';
import { formatRecoveryCode } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';

/** Offers the codes as a text file, so they can be printed or kept in a password manager. */
function download(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** A new set of one-time recovery codes, shown this once: copy, download, then confirm they are kept. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const formatted = codes.map(formatRecoveryCode);
  const asText = formatted.join('\n');

  return (
    <Paper withBorder radius="md" p="lg" data-testid="recovery-codes">
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap">
          <IconKey size={18} color="var(--mantine-color-yellow-5)" aria-hidden />
          <Text fw={600}>{t('twoFactor.recoveryCodes.title')}</Text>
        </Group>
        <Text size="sm" c="dimmed">
          {t('twoFactor.recoveryCodes.intro')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs" component="ol" m={0} p={0}>
          {formatted.map((code) => (
            <Code
              key={code}
              component="li"
              fz="sm"
              py={6}
              px="sm"
              style={{ listStyle: 'none', textAlign: 'center', letterSpacing: '0.05em' }}
            >
              {code}
            </Code>
          ))}
        </SimpleGrid>
        <Group gap="sm">
          <CopyButton value={asText}>
            {({ copied, copy }) => (
              <Button variant="default" leftSection={<IconCopy size={16} aria-hidden />} onClick={copy}>
                {copied ? t('twoFactor.copied') : t('twoFactor.recoveryCodes.copy')}
              </Button>
            )}
          </CopyButton>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() =>
              download(
                t('twoFactor.recoveryCodes.fileName'),
                `${t('twoFactor.recoveryCodes.fileHeading')}\n\n${asText}\n`,
              )
            }
          >
            {t('twoFactor.recoveryCodes.download')}
          </Button>
          <Button onClick={onDone}>{t('twoFactor.recoveryCodes.done')}</Button>
        </Group>
      </Stack>
    </Paper>
  );
}

import { Alert, Code, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';

/** How a receiver checks that a delivery came from us (docs/decisions/019-notifications.md). */
export function SignatureHelp() {
  const { t } = useTranslation();
  return (
    <Alert
      variant="light"
      color="blue"
      icon={<IconShieldLock aria-hidden />}
      title={t('webhooks.help.title')}
    >
      <Text size="sm">{t('webhooks.help.body')}</Text>
      <Code block mt="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {`${WEBHOOK_TIMESTAMP_HEADER}: 1764000000\n${WEBHOOK_SIGNATURE_HEADER}: sha256=HMAC-SHA256(secret, timestamp + "." + body)`}
      </Code>
      <Text size="sm" mt="xs">
        {t('webhooks.help.verify')}
      </Text>
    </Alert>
  );
}

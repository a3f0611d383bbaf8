import { Badge } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** 'OK' or 'Feilet', with the HTTP status when the receiver answered. */
export function DeliveryOutcome({ ok, httpStatus }: { ok: boolean; httpStatus: number | null }) {
  const { t } = useTranslation();
  const Icon = ok ? IconCircleCheck : IconCircleX;
  return (
    <Badge
      color={ok ? 'green' : 'red'}
      variant="light"
      tt="none"
      miw="max-content"
      leftSection={<Icon size={12} aria-hidden />}
      data-delivery-ok={ok}
    >
      {t(ok ? 'webhooks.delivery.ok' : 'webhooks.delivery.failed')}
      {httpStatus !== null && ` · ${httpStatus}`}
    </Badge>
  );
}

import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A check's outcome: green 'OK', red 'Feil'. */
export function OutcomeBadge({ outcome }: { outcome: 'ok' | 'error' }) {
  const { t } = useTranslation();
  return (
    <Badge color={outcome === 'ok' ? 'green' : 'red'} variant="light">
      {t(`apis.outcome.${outcome}`)}
    </Badge>
  );
}

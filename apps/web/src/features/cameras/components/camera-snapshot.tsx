import { Stack, Text } from '@mantine/core';
import { useDocumentVisibility } from '@mantine/hooks';
import { IconCameraOff } from '@tabler/icons-react';
import { SNAPSHOT_REFRESH_MS } from '@vaskedrift/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withCacheBuster } from '../snapshot-url';
import classes from './camera-snapshot.module.css';

/**
 * The camera's still picture through the server's proxy, fetched again every 10 s while the tab is
 * visible. A failed picture shows 'Kameraet svarer ikke' until one arrives again.
 */
export function CameraSnapshot({ url, name }: { url: string; name: string }) {
  const { t, i18n } = useTranslation();
  const visibility = useDocumentVisibility();
  const [tick, setTick] = useState(() => Date.now());
  const [failed, setFailed] = useState(false);
  const [loadedAt, setLoadedAt] = useState<Date | null>(null);

  const wasHidden = useRef(false);

  useEffect(() => {
    if (visibility === 'hidden') {
      wasHidden.current = true;
      return;
    }
    // Back on the tab: the picture is old, so fetch one at once (not on the first visit: it just loaded).
    if (wasHidden.current) setTick(Date.now());
    wasHidden.current = false;
    const timer = window.setInterval(() => setTick(Date.now()), SNAPSHOT_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [visibility]);

  return (
    <div className={classes.frame}>
      <img
        src={withCacheBuster(url, tick)}
        alt={t('cameras.snapshotAlt', { name })}
        className={classes.image}
        data-failed={failed || undefined}
        onLoad={() => {
          setFailed(false);
          setLoadedAt(new Date());
        }}
        onError={() => setFailed(true)}
      />
      {failed && (
        <Stack className={classes.offline} gap={4} align="center" justify="center" role="status">
          <IconCameraOff size={32} stroke={1.5} aria-hidden />
          <Text fw={600}>{t('cameras.offline')}</Text>
          <Text size="xs">{t('cameras.offlineHint')}</Text>
        </Stack>
      )}
      {loadedAt && !failed && (
        <span className={classes.stamp}>
          {loadedAt.toLocaleTimeString(i18n.language === 'nb' ? 'nb-NO' : i18n.language)}
        </span>
      )}
    </div>
  );
}

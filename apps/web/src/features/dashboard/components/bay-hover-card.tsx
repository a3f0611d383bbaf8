import { isBayStatus } from '@vaskedrift/shared';
import { type Ref, useEffect, useImperativeHandle, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bayStatusLabelKey } from '../../../components/bay-status/bay-status';
import { formatSince, formatTimeAgo } from '../../../components/bay-status/status-since';
import '../../../components/bay-status/bay-status.css';
import classes from './dashboard.module.css';
import { HoverCause } from './hover-cause';

export interface BayHoverCardHandle {
  /** Shows the card for a tile element (it carries the bay in its data attributes). */
  show: (tile: HTMLElement) => void;
  hide: () => void;
}

interface Shown {
  bayId: string;
  name: string;
  location: string;
  status: string;
  since: number;
  unmonitored: boolean;
  top: number;
  left: number;
  below: boolean;
}

const CARD_WIDTH = 240;
const GAP = 8;

/**
 * The one hover card of the dashboard: a tile's full name, facility, status, why (its worst attribute in
 * words, `HoverCause`) and since when, and 'Ikke overvåket' for a bay not monitored. One element for all tiles (a tooltip per tile would be 10,000
 * components); the grid tells it which tile to describe.
 */
export function BayHoverCard({ ref }: { ref: Ref<BayHoverCardHandle> }) {
  const { t, i18n } = useTranslation();
  const [shown, setShown] = useState<Shown | null>(null);

  useImperativeHandle(
    ref,
    () => ({
      show: (tile) => {
        const status = tile.dataset.bayStatus;
        const since = Number(tile.dataset.since);
        if (!isBayStatus(status) || !Number.isFinite(since)) return;
        const rect = tile.getBoundingClientRect();
        const below = rect.bottom + 110 < window.innerHeight;
        const left = Math.min(
          Math.max(GAP, rect.left + rect.width / 2 - CARD_WIDTH / 2),
          window.innerWidth - CARD_WIDTH - GAP,
        );
        setShown({
          bayId: tile.dataset.bay ?? '',
          name: tile.dataset.name ?? '',
          location: tile.closest<HTMLElement>('[data-location-name]')?.dataset.locationName ?? '',
          status,
          since,
          unmonitored: tile.dataset.monitored === 'false',
          top: below ? rect.bottom + GAP : rect.top - GAP,
          left,
          below,
        });
      },
      hide: () => setShown(null),
    }),
    [],
  );

  // The card is placed for where the tile was; once the page scrolls, it would point at nothing.
  const visible = shown != null;
  useEffect(() => {
    if (!visible) return;
    const hide = () => setShown(null);
    window.addEventListener('scroll', hide, { passive: true, capture: true });
    return () => window.removeEventListener('scroll', hide, { capture: true });
  }, [visible]);

  if (!shown) return null;
  const status = isBayStatus(shown.status) ? shown.status : 'inactive';
  return (
    <div
      className={classes.hoverCard}
      data-bay-status={status}
      data-below={shown.below || undefined}
      style={{ top: shown.top, left: shown.left, width: CARD_WIDTH }}
      aria-hidden
    >
      <div className={classes.hoverTitle}>{shown.name}</div>
      <div className={classes.hoverLocation}>{shown.location}</div>
      <div className={classes.hoverStatus}>
        <span className={classes.hoverDot} />
        {t(bayStatusLabelKey(status))}
      </div>
      {shown.bayId && <HoverCause bayId={shown.bayId} status={status} />}
      {shown.unmonitored && (
        <div className={classes.hoverSince} data-unmonitored>
          {t('monitoring.unmonitored')}
        </div>
      )}
      <div className={classes.hoverSince}>
        {t('dashboard.tile.since', {
          time: formatSince(shown.since, i18n.language),
          ago: formatTimeAgo(shown.since, Date.now(), i18n.language),
        })}
      </div>
      <div className={classes.hoverHint}>{t('dashboard.tile.open')}</div>
    </div>
  );
}

import { IconEyeOff } from '@tabler/icons-react';
import {
  BAY_STATUSES,
  type BayStatus,
  type DashboardCounts,
  formatInteger,
  formatPercent,
} from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { bayStatusDescriptionKey, bayStatusLabelKey } from '../../../components/bay-status/bay-status';
import { intlLocale } from '../../../lib/format';
import '../../../components/bay-status/bay-status.css';
import classes from './dashboard.module.css';

/**
 * Bays per status as five coloured cards, and the total (docs/domain.md, Numbers). A card whose bays include
 * some not monitored says how many, so an unmonitored bay is not read as a healthy one.
 */
export function StatusStatCards({ counts }: { counts: DashboardCounts }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const percent = (count: number) =>
    formatPercent(counts.total === 0 ? 0 : (count / counts.total) * 100, locale);
  return (
    <ul className={classes.stats} aria-label={t('dashboard.counts.label')}>
      {BAY_STATUSES.map((status: BayStatus) => (
        <li
          key={status}
          className={classes.stat}
          data-bay-status={status}
          title={t(bayStatusDescriptionKey(status))}
        >
          <span className={classes.statLabel}>{t(bayStatusLabelKey(status))}</span>
          <span className={classes.statValue}>{formatInteger(counts[status], locale)}</span>
          <span className={classes.statShare}>
            {t('dashboard.counts.share', { percent: percent(counts[status]) })}
          </span>
          <UnmonitoredOf count={counts.unmonitoredByStatus[status]} />
        </li>
      ))}
      <li className={classes.stat} data-total>
        <span className={classes.statLabel}>{t('dashboard.counts.total')}</span>
        <span className={classes.statValue}>{formatInteger(counts.total, locale)}</span>
        {/* Bays not monitored are counted in their status too; the total says how many (docs/domain.md, Statistics). */}
        {counts.unmonitored > 0 ? (
          <span className={classes.statShare} data-unmonitored title={t('monitoring.unmonitoredHint')}>
            {t('dashboard.counts.unmonitored', { value: formatInteger(counts.unmonitored, locale) })}
          </span>
        ) : (
          <span className={classes.statShare}>{t('dashboard.counts.totalHint')}</span>
        )}
      </li>
    </ul>
  );
}

/** 'hvorav 2 ikke overvåket' on a card; on a phone the eye and the number, the words for screen readers. */
function UnmonitoredOf({ count }: { count: number }) {
  const { t, i18n } = useTranslation();
  if (count === 0) return null;
  const value = formatInteger(count, intlLocale(i18n.language));
  return (
    <span className={classes.statUnmonitored} data-unmonitored title={t('monitoring.unmonitoredHint')}>
      <IconEyeOff size={12} stroke={2.2} aria-hidden />
      <span className={classes.statUnmonitoredText}>{t('dashboard.counts.unmonitoredOf', { value })}</span>
      <span className={classes.statUnmonitoredCount} aria-hidden>
        {value}
      </span>
    </span>
  );
}

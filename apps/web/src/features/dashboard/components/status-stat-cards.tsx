import { BAY_STATUSES, type BayStatus } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { bayStatusDescriptionKey, bayStatusLabelKey } from '../../../components/bay-status/bay-status';
import type { DashboardCounts } from '../dashboard-model';
import '../../../components/bay-status/bay-status.css';
import classes from './dashboard.module.css';

function percent(count: number, total: number): number {
  return total === 0 ? 0 : Math.round((count / total) * 100);
}

/** Bays per status as five coloured cards, and the total. */
export function StatusStatCards({ counts }: { counts: DashboardCounts }) {
  const { t } = useTranslation();
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
          <span className={classes.statValue}>{counts[status].toLocaleString('nb-NO')}</span>
          <span className={classes.statShare}>
            {t('dashboard.counts.share', { percent: percent(counts[status], counts.total) })}
          </span>
        </li>
      ))}
      <li className={classes.stat} data-total>
        <span className={classes.statLabel}>{t('dashboard.counts.total')}</span>
        <span className={classes.statValue}>{counts.total.toLocaleString('nb-NO')}</span>
        <span className={classes.statShare}>{t('dashboard.counts.totalHint')}</span>
      </li>
    </ul>
  );
}

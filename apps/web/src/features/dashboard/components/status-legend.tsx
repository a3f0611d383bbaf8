import { BAY_STATUSES } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { bayStatusDescriptionKey, bayStatusLabelKey } from '../../../components/bay-status/bay-status';
import '../../../components/bay-status/bay-status.css';
import classes from './dashboard.module.css';

/** What the tile colours mean, and the stripes of a bay not monitored (docs/domain.md, Statistics). */
export function StatusLegend() {
  const { t } = useTranslation();
  return (
    <ul className={classes.legend} aria-label={t('dashboard.legend')}>
      {BAY_STATUSES.map((status) => (
        <li key={status} className={classes.legendItem} title={t(bayStatusDescriptionKey(status))}>
          <span className={classes.legendSwatch} data-bay-status={status} aria-hidden />
          {t(bayStatusLabelKey(status))}
        </li>
      ))}
      <li className={classes.legendItem} title={t('monitoring.unmonitoredHint')}>
        <span
          className={classes.legendSwatch}
          data-bay-status="operational"
          data-monitored="false"
          aria-hidden
        />
        {t('monitoring.unmonitored')}
      </li>
    </ul>
  );
}

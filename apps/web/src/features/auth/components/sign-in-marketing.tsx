import {
  IconBellRinging,
  IconCircleCheck,
  IconGauge,
  IconTool,
  IconTrendingDown,
  IconWash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './sign-in-marketing.module.css';

const POINTS = [
  { key: 'auth.marketing.pointStatus', icon: IconWash },
  { key: 'auth.marketing.pointAlerts', icon: IconBellRinging },
  { key: 'auth.marketing.pointMaintenance', icon: IconTool },
  { key: 'auth.marketing.pointWashes', icon: IconTrendingDown },
] as const;

/** The green panel beside the form: what the service does, in a manager's words (no claim it cannot back). */
export function SignInMarketing() {
  const { t } = useTranslation();
  return (
    <aside className={classes.panel} aria-labelledby="sign-in-marketing-heading">
      <div className={classes.glow} aria-hidden />
      <div className={classes.content}>
        <span className={classes.eyebrow}>
          <IconGauge size={16} aria-hidden />
          {t('auth.marketing.eyebrow')}
        </span>
        <h2 id="sign-in-marketing-heading" className={classes.heading}>
          {t('auth.marketing.heading')}
        </h2>
        <p className={classes.body}>{t('auth.marketing.body')}</p>
        <ul className={classes.points}>
          {POINTS.map((point) => (
            <li key={point.key} className={classes.point}>
              <span className={classes.pointIcon} aria-hidden>
                <point.icon size={20} stroke={1.7} />
              </span>
              {t(point.key)}
              <IconCircleCheck size={18} className={classes.check} aria-hidden />
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}

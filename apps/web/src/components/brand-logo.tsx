import { IconDroplet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './brand-logo.module.css';

/** The Vaskedrift mark and wordmark. `tone` picks the text colour: for a light or dark surface, or the page's. */
export function BrandLogo({
  tone = 'dark',
  withText = true,
  textClassName,
}: {
  tone?: 'dark' | 'light' | 'auto';
  withText?: boolean;
  textClassName?: string;
}) {
  const { t } = useTranslation();
  return (
    <span className={classes.logo} data-tone={tone}>
      <span className={classes.mark} aria-hidden>
        <IconDroplet size={20} stroke={2.2} />
      </span>
      {withText && <span className={`${classes.text} ${textClassName ?? ''}`}>{t('app.name')}</span>}
    </span>
  );
}

import { Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/use-route-titles';

export function RootLayout() {
  const { t } = useTranslation();
  const title = usePageTitle();
  useEffect(() => {
    const suffix = t('app.titleSuffix');
    document.title = title ? `${title} | ${suffix}` : suffix;
  }, [title, t]);
  return <Outlet />;
}

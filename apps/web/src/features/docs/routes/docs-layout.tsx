import { Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { RouteTabs } from '../../../components/entity-layout/route-tabs';
import { PageHeader } from '../../../components/page-header';

/** /docs: the title, the tabs of the route's `staticData.tabs` (routes.tsx) and the chosen tab's page. */
export function DocsLayout() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader description={t('docs.subtitle')} />
      <RouteTabs label={t('docs.tabs.label')} />
      <Outlet />
    </>
  );
}

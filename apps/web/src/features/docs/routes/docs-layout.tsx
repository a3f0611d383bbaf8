import { Tabs } from '@mantine/core';
import { Outlet, useChildMatches, useMatch, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { tabHref, tabPathOf } from '../../../components/entity-layout/entity-tabs';
import { PageHeader } from '../../../components/page-header';

/** /docs: the title, the tabs of the route's `staticData.tabs` (routes.tsx) and the chosen tab's page. */
export function DocsLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const docs = useMatch({ strict: false });
  const children = useChildMatches();
  const current = tabPathOf(docs.routeId, children[0]?.routeId);
  return (
    <>
      <PageHeader description={t('docs.subtitle')} />
      <Tabs
        value={current}
        onChange={(path) => {
          if (path) void navigate({ href: tabHref(docs.pathname, path) });
        }}
        mb="lg"
        keepMounted={false}
      >
        <Tabs.List aria-label={t('docs.tabs.label')}>
          {(docs.staticData.tabs ?? []).map(({ path, label, icon: TabIcon }) => (
            <Tabs.Tab key={path} value={path} leftSection={<TabIcon size={16} aria-hidden />}>
              {t(label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}

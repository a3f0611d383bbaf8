import { Tabs } from '@mantine/core';
import { useChildMatches, useMatch, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { tabHref, tabPathOf } from './entity-tabs';

/**
 * The tabs of the current route's `staticData.tabs` (those whose `requires` the viewer has), the chosen one
 * the child route shown below; picking one navigates to its address.
 */
export function RouteTabs({
  label,
  permissions = {},
}: {
  label: string;
  permissions?: Readonly<Record<string, boolean>>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const route = useMatch({ strict: false });
  const children = useChildMatches();
  const tabs = (route.staticData.tabs ?? []).filter((tab) => !tab.requires || permissions[tab.requires]);
  return (
    <Tabs
      value={tabPathOf(route.routeId, children[0]?.routeId)}
      onChange={(path) => {
        if (path) void navigate({ href: tabHref(route.pathname, path) });
      }}
      mb="lg"
      keepMounted={false}
    >
      <Tabs.List aria-label={label}>
        {tabs.map(({ path, label: tabLabel, icon: TabIcon }) => (
          <Tabs.Tab key={path} value={path} leftSection={<TabIcon size={16} aria-hidden />}>
            {t(tabLabel)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

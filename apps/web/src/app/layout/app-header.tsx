import { Breadcrumbs, Burger, Group, Text } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../components/anchor-link';
import { BrandLogo } from '../../components/brand-logo';
import { lazyAfterFirstPage } from '../../lib/first-page';
import { type Crumb, crumbText, type UseEntityName, useBreadcrumbs } from '../../lib/use-route-titles';
import classes from './app-header.module.css';
import { DeferredUserMenu } from './deferred-user-menu';
import { RealtimeIndicator } from './realtime-indicator';

// Who else is online is known only once the live channel is connected, after the first page: its avatars
// and their tooltips load then too.
const OnlineAvatars = lazyAfterFirstPage(() =>
  import('./online-avatars').then((module) => module.OnlineAvatars),
);

/** A crumb of a named route: the facility's, bay's, API's, user's or group's name from the page's query. */
function NamedCrumbLabel({ crumb, useName }: { crumb: Crumb; useName: UseEntityName }) {
  return crumbText(useName(crumb.params as Record<string, string>), crumb.label);
}

function CrumbLabel({ crumb }: { crumb: Crumb }) {
  return crumb.useName ? <NamedCrumbLabel crumb={crumb} useName={crumb.useName} /> : crumb.label;
}

function HeaderBreadcrumbs() {
  const { t } = useTranslation();
  const crumbs = useBreadcrumbs();
  return (
    <nav aria-label={t('nav.breadcrumbs')} className={classes.breadcrumbs}>
      <Breadcrumbs separator="›" separatorMargin={6}>
        <AnchorLink to="/" c="dimmed" size="sm" aria-label={t('nav.home')} className={classes.home}>
          <IconHome size={16} aria-hidden />
        </AnchorLink>
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <Text key={crumb.key} size="sm" fw={600} aria-current="page">
              <CrumbLabel crumb={crumb} />
            </Text>
          ) : (
            <AnchorLink key={crumb.key} to={crumb.to} params={crumb.params} c="dimmed" size="sm">
              <CrumbLabel crumb={crumb} />
            </AnchorLink>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}

export function AppHeader({
  navigationOpened,
  onToggleNavigation,
}: {
  navigationOpened: boolean;
  onToggleNavigation: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group h="100%" w="100%" px={{ base: 'md', sm: 'xl' }} justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navigationOpened}
          onClick={onToggleNavigation}
          hiddenFrom="sm"
          size="sm"
          aria-label={t('layout.toggleNavigation')}
        />
        <AnchorLink to="/" hiddenFrom="sm" underline="never" aria-label={t('app.name')}>
          <BrandLogo tone="light" withText={false} />
        </AnchorLink>
        <HeaderBreadcrumbs />
      </Group>
      <Group gap="lg" wrap="nowrap">
        <Suspense fallback={null}>
          <OnlineAvatars />
        </Suspense>
        <RealtimeIndicator />
        <DeferredUserMenu />
      </Group>
    </Group>
  );
}

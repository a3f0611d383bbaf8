import { Card, Group, Skeleton, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Outlet, useChildMatches } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isNotFoundError } from '../../lib/api-error';
import { LoadError } from '../load-error';
import { PageHeader } from '../page-header';
import { RouteTabs } from './route-tabs';

/** What stands beside the two skeleton lines while the entity loads, shaped like its header card. */
type EntitySkeletonShape = 'lines' | 'avatar' | 'image' | 'status';

interface EntityLayoutProps<TData> {
  /** The entity's query: pending, not found (400/404), failed or loaded. */
  query: UseQueryResult<TData>;
  /** Loaded data that is not this page's to show (e.g. a bay opened under another facility's address). */
  isElsewhere?: (data: TData) => boolean;
  notFound: ReactNode;
  header: (data: TData) => ReactNode;
  tabsLabel: string;
  skeleton?: EntitySkeletonShape;
  /** Which `requires` of the route's tabs the viewer has. */
  permissions?: Readonly<Record<string, boolean>>;
}

/**
 * A page about one thing: the title, its loading / not-found / error states, its header card, the tabs
 * of its route's `staticData.tabs` and the chosen tab's page. When a deeper route has tabs of its own
 * (a bay inside its facility), that page is the whole page and this one gives it the outlet alone.
 */
export function EntityLayout<TData>({
  query,
  isElsewhere,
  notFound,
  header,
  tabsLabel,
  skeleton = 'lines',
  permissions = {},
}: EntityLayoutProps<TData>) {
  const children = useChildMatches();

  if (children.some((child) => child.staticData.tabs)) return <Outlet />;

  const elsewhere = query.data !== undefined && isElsewhere?.(query.data);

  return (
    <>
      <PageHeader />
      {query.isPending ? (
        <EntitySkeleton shape={skeleton} />
      ) : isNotFoundError(query.error) || elsewhere ? (
        notFound
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : (
        <>
          {header(query.data)}
          <RouteTabs label={tabsLabel} permissions={permissions} />
          <Outlet />
        </>
      )}
    </>
  );
}

function EntitySkeleton({ shape }: { shape: EntitySkeletonShape }) {
  const { t } = useTranslation();
  return (
    <Card padding="lg" mb="lg">
      <Group gap="lg" aria-busy="true" aria-label={t('app.loading')}>
        {shape === 'avatar' && <Skeleton circle height={64} />}
        {shape === 'image' && <Skeleton height={64} width={96} radius="md" />}
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton height={22} width="30%" />
          <Skeleton height={14} width="45%" />
        </Stack>
        {shape === 'status' && <Skeleton height={90} width="45%" radius="md" />}
      </Group>
    </Card>
  );
}

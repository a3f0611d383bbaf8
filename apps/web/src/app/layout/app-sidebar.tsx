import { CloseButton } from '@mantine/core';
import { IconChevronsLeft } from '@tabler/icons-react';
import { Link, useMatchRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../components/brand-logo';
import { RequireRole } from '../../components/require-role';
import { NAV_ITEMS, type NavItem } from './nav-items';
import classes from './sidebar.module.css';

function SidebarLink({ item }: { item: NavItem }) {
  const { t } = useTranslation();
  const matchRoute = useMatchRoute();
  const elsewhere = item.notActiveOn?.some((to) => matchRoute({ to, fuzzy: true }) !== false) ?? false;
  return (
    // A pending route is typed loosely until its branch is merged (nav-items.ts).
    <Link to={item.to} className={classes.link} activeOptions={{ exact: item.to === '/' || elsewhere }}>
      <item.icon className={classes.icon} size={22} stroke={1.7} aria-hidden />
      <span className={classes.label}>{t(item.label)}</span>
    </Link>
  );
}

export function AppSidebar({
  minimized,
  onToggleMinimized,
  onCloseMobile,
}: {
  minimized: boolean;
  onToggleMinimized: () => void;
  onCloseMobile: () => void;
}) {
  const { t } = useTranslation();
  const toggleLabel = minimized ? t('layout.expandSidebar') : t('layout.minimizeSidebar');
  return (
    <div className={classes.sidebar}>
      <div className={classes.brand}>
        <Link to="/" className={classes.brandLink} aria-label={t('app.name')}>
          <BrandLogo tone="dark" textClassName={classes.brandText} />
        </Link>
        <CloseButton
          className={classes.mobileClose}
          onClick={onCloseMobile}
          aria-label={t('layout.toggleNavigation')}
          size="lg"
        />
      </div>
      <button
        type="button"
        className={classes.toggle}
        onClick={onToggleMinimized}
        aria-label={toggleLabel}
        aria-pressed={minimized}
        title={toggleLabel}
      >
        <IconChevronsLeft size={16} stroke={2} aria-hidden />
      </button>
      <nav className={classes.nav} aria-label={t('nav.mainMenu')}>
        <div className={classes.section}>{t('layout.sidebarSection')}</div>
        {NAV_ITEMS.map((item) =>
          item.roles ? (
            <RequireRole key={item.to} roles={item.roles}>
              <SidebarLink item={item} />
            </RequireRole>
          ) : (
            <SidebarLink key={item.to} item={item} />
          ),
        )}
      </nav>
    </div>
  );
}

import { Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { documentTitle, type PageTitle, usePageTitle } from '../../lib/use-route-titles';

function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

function PlainDocumentTitle({ title }: { title: string | null }) {
  const { t } = useTranslation();
  useDocumentTitle(documentTitle({ title, suffix: t('app.titleSuffix') }));
  return null;
}

/** A page about something named: its name from the page's own query (the cache), a placeholder until then. */
function NamedDocumentTitle({ title, named }: { title: string; named: NonNullable<PageTitle['named']> }) {
  const { t } = useTranslation();
  const name = named.useName(named.params);
  useDocumentTitle(documentTitle({ title, name, isPage: named.isPage, suffix: t('app.titleSuffix') }));
  return null;
}

export function RootLayout() {
  const page = usePageTitle();
  return (
    <>
      {page?.named ? (
        // Keyed by the route: another route's name hook is another hook.
        <NamedDocumentTitle key={page.named.id} title={page.title} named={page.named} />
      ) : (
        <PlainDocumentTitle title={page?.title ?? null} />
      )}
      <Outlet />
    </>
  );
}

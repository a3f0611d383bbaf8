import '@scalar/api-reference-react/style.css';
import { Card, useComputedColorScheme } from '@mantine/core';
import { ApiReferenceReact } from '@scalar/api-reference-react';
import { API_BASE } from '@vaskedrift/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './api-reference-page.module.css';

/**
 * /docs/api: the API reference drawn by Scalar from `/api/v1/openapi.json` (public: it describes the routes,
 * each of which still wants a token). This route's chunk is the only one that loads Scalar, with no fonts,
 * telemetry or request client from elsewhere (docs/decisions/028-api-reference.md).
 */
export function ApiReferencePage() {
  const { t } = useTranslation();
  const scheme = useComputedColorScheme('dark');
  const configuration = useMemo(
    () => ({
      url: `${API_BASE}/openapi.json`,
      withDefaultFonts: false,
      telemetry: false,
      hideClientButton: true,
      hideTestRequestButton: true,
      hideDarkModeToggle: true,
      forceDarkModeState: scheme,
      darkMode: scheme === 'dark',
      showDeveloperTools: 'never' as const,
      mcp: { disabled: true },
      agent: { disabled: true },
      defaultOpenAllTags: false,
      documentDownloadType: 'json' as const,
    }),
    [scheme],
  );
  return (
    <Card padding={0} className={classes.reference} aria-label={t('docs.api.title')}>
      <ApiReferenceReact configuration={configuration} />
    </Card>
  );
}

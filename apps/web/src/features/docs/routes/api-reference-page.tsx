import '@scalar/api-reference-react/style.css';
import { Card, useComputedColorScheme } from '@mantine/core';
import { ApiReferenceReact } from '@scalar/api-reference-react';
import { API_BASE } from '@vaskedrift/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { scalarLocalization } from '../scalar-nb';
import classes from './api-reference-page.module.css';

/**
 * /docs/api: the API reference drawn by Scalar from `/api/v1/openapi.json` (public: it describes the routes,
 * each of which still wants a token). This route's chunk is the only one that loads Scalar, with no fonts,
 * telemetry or request client from elsewhere, its own words in Norwegian (docs/decisions/028-api-reference.md).
 */
export function ApiReferencePage() {
  const { t, i18n } = useTranslation();
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
      // Its interface words in the interface language where Scalar allows (decision 028).
      localization: scalarLocalization(i18n.language),
    }),
    [scheme, i18n.language],
  );
  return (
    <Card padding={0} className={classes.reference} aria-label={t('docs.api.title')}>
      <ApiReferenceReact configuration={configuration} />
    </Card>
  );
}

import { IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { EntityLayout } from '../../../components/entity-layout/entity-layout';
import { EntityNotFound } from '../../../components/entity-layout/entity-not-found';
import { ApiSummaryCard } from '../components/api-summary-card';
import { useRouteApi } from '../use-route-api';

/** /integrations/apis/{apiId}: the API, its tabs (routes.tsx) and the tab's page. */
export function ApiLayout() {
  const { t } = useTranslation();
  const { api } = useRouteApi();
  return (
    <EntityLayout
      query={api}
      tabsLabel={t('apis.tabs.label')}
      header={(data) => <ApiSummaryCard api={data} />}
      notFound={
        <EntityNotFound
          icon={<IconPlugConnected size={28} stroke={1.6} aria-hidden />}
          title={t('apis.notFound.title')}
          text={t('apis.notFound.text')}
        >
          <ButtonLink to="/integrations/apis" variant="default">
            {t('apis.notFound.back')}
          </ButtonLink>
        </EntityNotFound>
      }
    />
  );
}

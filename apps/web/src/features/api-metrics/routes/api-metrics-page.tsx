import { Card, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ApiMetricsList } from '../components/api-metrics-list';

const apiRoute = getRouteApi('/app/integrations/apis/$apiId');

/** /integrations/apis/{apiId}/metrics: the API's attributes. */
export function ApiMetricsPage() {
  const { t } = useTranslation();
  const { apiId } = apiRoute.useParams();
  return (
    <Card padding="lg">
      <ApiMetricsList
        apiId={apiId}
        title={
          <Title order={3} fz="md">
            {t('apiMetrics.title')}
          </Title>
        }
      />
    </Card>
  );
}

import { Card } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiSelect } from '../../../components/api-select';
import { PageHeader } from '../../../components/page-header';
import { ApiMetricsList } from '../components/api-metrics-list';

/** /integrations/apis/metrics: every API attribute, searchable and filtered by API. */
export function AllApiMetricsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader description={t('apiMetrics.subtitle')} />
      <Card padding="lg">
        <ApiMetricsList
          filter={(value, onChange) => (
            <ApiSelect
              aria-label={t('apiMetrics.filterApi')}
              placeholder={t('apiMetrics.allApis')}
              value={value}
              onChange={onChange}
              clearable
              w={260}
            />
          )}
        />
      </Card>
    </>
  );
}

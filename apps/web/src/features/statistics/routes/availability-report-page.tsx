import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '../../../components/charts';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadError } from '../../../components/load-error';
import { LocationMultiSelect } from '../../../components/location-select';
import { PageHeader } from '../../../components/page-header';
import { notifyError } from '../../../lib/notify';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { useAvailabilityReport, useExportAvailabilityReport } from '../api/get-availability-report';
import { AvailabilityReportTable } from '../components/availability-report-table';
import { RangePicker, useRangeSearch } from '../components/range-picker';
import { useStatisticsFormat } from '../use-statistics-format';
import classes from './availability-report.module.css';

/**
 * /reports/availability: for the chosen facilities (none = all the viewer sees) and period, every bay's
 * availability, downtime, failures, MTTR and maintenance time with the chain's total; as CSV or printed.
 */
export function AvailabilityReportPage() {
  const { t } = useTranslation();
  const { locale } = useStatisticsFormat();
  const search = useRangeSearch();
  const [locationIds, setLocationIds] = useState<string[]>([]);
  const report = useAvailabilityReport(locationIds, search);
  const exportCsv = useExportAvailabilityReport();
  const data = report.data;
  const period = data
    ? t('statistics.period', {
        from: formatInstant(Date.parse(data.from) / 1000, locale),
        to: formatInstant(Date.parse(data.to) / 1000, locale),
      })
    : null;

  return (
    <>
      <PageHeader
        description={t('statistics.report.subtitle')}
        actions={
          <Group gap="sm" className={classes.controls}>
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} aria-hidden />}
              disabled={!data || data.rows.length === 0}
              onClick={() => window.print()}
            >
              {t('statistics.report.print')}
            </Button>
            <Button
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={exportCsv.isPending}
              disabled={!data || data.rows.length === 0}
              onClick={() =>
                void exportCsv
                  .mutateAsync({ locationIds, search })
                  .catch((error: Error) =>
                    notifyError(apiErrorMessage(error, t), t('statistics.report.downloadError')),
                  )
              }
            >
              {t('statistics.report.download')}
            </Button>
          </Group>
        }
      />
      <Stack gap="lg">
        <Card padding="lg" className={classes.controls}>
          <Group align="flex-end" gap="md" wrap="wrap">
            <LocationMultiSelect
              label={t('statistics.report.locations')}
              placeholder={locationIds.length === 0 ? t('statistics.report.allLocations') : undefined}
              value={locationIds}
              onChange={setLocationIds}
              w={360}
              maw="100%"
            />
            <RangePicker />
          </Group>
        </Card>
        <Card padding="lg" className={classes.sheet}>
          {period && (
            <Text size="sm" c="dimmed" mb="sm" data-testid="statistics-period">
              {period}
            </Text>
          )}
          {report.isPending ? (
            <ListSkeleton rows={6} />
          ) : !data ? (
            <LoadError
              error={report.error}
              onRetry={() => void report.refetch()}
              retrying={report.isFetching}
            />
          ) : data.rows.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('common.empty')}
            </Text>
          ) : (
            <AvailabilityReportTable report={data} totalClass={classes.total} />
          )}
          <Text size="xs" c="dimmed" mt="md" className={classes.printOnly}>
            {t('statistics.report.printed', { time: formatInstant(Date.now() / 1000, locale) })}
          </Text>
        </Card>
      </Stack>
    </>
  );
}

import type { AvailabilityReport } from '@vaskedrift/shared';
import type { ReportRenderer } from '../notifications';
import { availabilityCsv, type StatisticsService } from '../statistics';
import { csvFilename, type ReportEventPayload, renderReportEmail } from './report-email';

/**
 * Reads the report for the whole chain's facilities as the system: which facilities each reader may hear
 * of is already decided (the recipients' scope and the user's access), so the reader's list is the scope.
 */
const SYSTEM_VIEWER = { userId: '00000000-0000-0000-0000-000000000000', role: 'superadmin' } as const;

/**
 * The report e-mails of one `report.*` event: one report (and one CSV) per distinct set of facilities,
 * one e-mail per reader. A reader whose facilities had no monitored time in the period gets none: a report
 * of nothing measured would be a report of numbers that were never measured.
 */
export function createReportRenderer({
  statistics,
  publicUrl,
}: {
  statistics: Pick<StatisticsService, 'report'>;
  publicUrl: string;
}): ReportRenderer {
  return async (event, readers) => {
    const period = event.payload as ReportEventPayload;
    const reports = new Map<string, Promise<{ report: AvailabilityReport; csv: string }>>();
    function reportOf(locationIds: string[]) {
      const key = [...locationIds].sort().join(',');
      let found = reports.get(key);
      if (!found) {
        found = statistics
          .report(SYSTEM_VIEWER, { from: period.from, to: period.to, locationIds })
          .then(({ data }) => ({ report: data, csv: availabilityCsv(data) }));
        reports.set(key, found);
      }
      return found;
    }
    const emails = [];
    for (const reader of readers) {
      const { report, csv } = await reportOf(reader.locationIds);
      if (report.total.observedSeconds === 0) {
        emails.push(null);
        continue;
      }
      const locations = new Set(report.rows.map((row) => row.locationId)).size;
      emails.push({
        ...renderReportEmail(period, report, { publicUrl, role: reader.role, locations }),
        attachments: [
          { filename: csvFilename(period), contentType: 'text/csv; charset=utf-8', content: csv },
        ],
      });
    }
    return emails;
  };
}

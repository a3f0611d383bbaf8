import { useMutation, useQuery } from '@tanstack/react-query';
import { type AvailabilityReport, availabilityReportResponseSchema } from '@vaskedrift/shared';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { type RangeSearch, resolveRange } from '../range';
import { rangedQueryOptions } from './ranged-query';

/** `POST backend/reports/availability/get`: every bay's figures and the chain's total. */
export function useAvailabilityReport(locationIds: readonly string[], search: RangeSearch) {
  return useQuery(
    rangedQueryOptions('report', { locationIds }, search, async (range): Promise<AvailabilityReport> => {
      const body = { locationIds, ...range };
      return availabilityReportResponseSchema.parse(
        await apiRequest<unknown>('POST', 'backend/reports/availability/get', body),
      ).data;
    }),
  );
}

/** `POST backend/reports/availability/export`: the same report as a CSV file, saved by the browser. */
export function useExportAvailabilityReport() {
  return useMutation({
    mutationFn: async ({ locationIds, search }: { locationIds: readonly string[]; search: RangeSearch }) => {
      const { from, to } = resolveRange(search);
      const file = await apiDownload('POST', 'backend/reports/availability/export', {
        locationIds,
        from: from.toISOString(),
        to: to.toISOString(),
      });
      saveFile(file.blob, file.filename ?? 'tilgjengelighet.csv');
    },
  });
}

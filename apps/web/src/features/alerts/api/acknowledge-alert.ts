import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Alert } from '@vaskedrift/shared';
import { answerSchema } from '../../../lib/answer-schema';
import { apiRequest } from '../../../lib/api-client';

const parseAcknowledged = answerSchema((schemas) => schemas.acknowledgedAlert);

/** `POST backend/alerts/acknowledge`: 'Jeg ser på det' (operators and up with access to the facility). */
async function acknowledgeAlert(id: string): Promise<{ data: Alert; message: string }> {
  return parseAcknowledged(apiRequest<unknown>('POST', 'backend/alerts/acknowledge', { id }));
}

export function useAcknowledgeAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeAlert,
    // The dashboard lists open alerts too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['alerts'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
}

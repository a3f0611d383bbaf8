import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { DATA_SOURCES_KEY } from './get-data-sources';

/** `DELETE backend/data/delete`: the file is gone for everybody (audit-logged). */
async function deleteDataSource(id: string): Promise<void> {
  await apiRequest<unknown>('DELETE', 'backend/data/delete', { id });
}

export function useDeleteDataSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDataSource,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DATA_SOURCES_KEY }),
  });
}

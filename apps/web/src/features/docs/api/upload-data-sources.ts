import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataUploadResponseSchema } from '@vaskedrift/shared';
import { apiUpload } from '../../../lib/api-client';
import { DATA_SOURCES_KEY } from './get-data-sources';

/** `POST backend/data/upload` (multipart): all the files or none, with the upload's progress (0–1). */
async function uploadDataSources(files: File[], onProgress?: (fraction: number) => void) {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  return dataUploadResponseSchema.parse(await apiUpload<unknown>('backend/data/upload', form, onProgress));
}

export function useUploadDataSources() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ files, onProgress }: { files: File[]; onProgress?: (fraction: number) => void }) =>
      uploadDataSources(files, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DATA_SOURCES_KEY }),
  });
}

import { useMutation } from '@tanstack/react-query';
import { dataResponse, type UploadedImage, uploadedImageSchema } from '@vaskedrift/shared';
import { apiUpload } from '../../../lib/api-client';

const uploadResponseSchema = dataResponse(uploadedImageSchema);

/**
 * `POST backend/locations/image/upload` (multipart, one file), with its upload progress in percent
 * (`apiUpload`: XMLHttpRequest, since fetch cannot report it, with the API client's token refresh).
 */
async function uploadLocationImage(
  file: File,
  onProgress?: (percent: number) => void,
): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file, file.name);
  const body = await apiUpload<unknown>('backend/locations/image/upload', form, (fraction) =>
    onProgress?.(Math.round(fraction * 100)),
  );
  return uploadResponseSchema.parse(body).data;
}

export function useUploadLocationImage() {
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (percent: number) => void }) =>
      uploadLocationImage(file, onProgress),
  });
}

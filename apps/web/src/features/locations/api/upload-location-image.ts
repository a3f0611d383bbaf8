import { useMutation } from '@tanstack/react-query';
import {
  API_BASE,
  dataResponse,
  errorBodySchema,
  type UploadedImage,
  uploadedImageSchema,
} from '@vaskedrift/shared';
import { ApiError, CLIENT_ERROR_CODES } from '../../../lib/api-error';
import { auth } from '../../../lib/gotrue-client';

const uploadResponseSchema = dataResponse(uploadedImageSchema);
const UPLOAD_PATH = `${API_BASE}/backend/locations/image/upload`;

function toApiError(status: number, text: string): ApiError {
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's error page): the generic message below.
  }
  const body = errorBodySchema.safeParse(json);
  if (body.success) return new ApiError(body.data, status);
  return new ApiError(
    {
      code: status === 0 ? CLIENT_ERROR_CODES.network : CLIENT_ERROR_CODES.unknown,
      message: '',
      details: null,
      hint: null,
    },
    status,
  );
}

/**
 * `POST backend/locations/image/upload` (multipart, one file). XMLHttpRequest rather than fetch, because
 * fetch cannot report upload progress. The token is read fresh from the auth client, which refreshes
 * it when it is about to expire.
 */
export async function uploadLocationImage(
  file: File,
  onProgress?: (percent: number) => void,
): Promise<UploadedImage> {
  const token = (await auth.getSession()).data.session?.access_token;
  const form = new FormData();
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_PATH);
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(toApiError(0, ''));
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(toApiError(xhr.status, xhr.responseText));
      try {
        resolve(uploadResponseSchema.parse(JSON.parse(xhr.responseText)).data);
      } catch {
        reject(toApiError(xhr.status, ''));
      }
    };
    xhr.send(form);
  });
}

export function useUploadLocationImage() {
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (percent: number) => void }) =>
      uploadLocationImage(file, onProgress),
  });
}

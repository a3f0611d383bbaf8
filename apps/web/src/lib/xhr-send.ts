import { networkError } from './create-api-client';

/**
 * POSTs a form with XMLHttpRequest, because fetch cannot report upload progress; answers a fetch
 * `Response` so the API client's token refresh and error reading (create-api-client.ts) apply unchanged.
 * `onProgress` gets 0–1 as the browser sends the bytes.
 */
export function xhrSendForm(
  url: string,
  form: FormData,
  token: string | null,
  onProgress?: (fraction: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(networkError());
    xhr.onload = () => {
      const status = xhr.status;
      // A Response cannot carry status 0, nor a body with 204.
      if (status === 0) return reject(networkError());
      resolve(new Response(status === 204 ? null : xhr.responseText, { status }));
    };
    xhr.send(form);
  });
}

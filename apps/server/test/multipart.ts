/** A file of a hand-built multipart/form-data body: the name is sent exactly as given (`../` included). */
export type MultipartFile = { name: string; type: string; data: Buffer | string };

const BOUNDARY = '----vaskedrift-test';

/** The body and content type of a multipart upload of `files`, each under the form field `file`. */
export function multipartBody(files: MultipartFile[]) {
  const parts = files.map((f) =>
    Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      Buffer.isBuffer(f.data) ? f.data : Buffer.from(f.data),
      Buffer.from('\r\n'),
    ]),
  );
  return {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: Buffer.concat([...parts, Buffer.from(`--${BOUNDARY}--\r\n`)]),
  };
}

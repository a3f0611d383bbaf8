import {
  DATA_SOURCE_MAX_BYTES,
  DATA_SOURCE_MAX_FILES,
  DATA_SOURCE_MESSAGES,
  fileNameProblem,
  markdownText,
  markdownTitle,
} from '@vaskedrift/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, ValidationError } from '../../lib/errors';
import type { NewDataSource } from './data-sources.repository';

const M = DATA_SOURCE_MESSAGES;

/**
 * Reads the uploaded Markdown files of a multipart request, refusing the whole upload at its first bad
 * file: a bad name (a path, a control character) before its bytes are read, then the type by name, the
 * size (busboy stops at 1 MB + 1 byte, so no more than that is ever held per file) and the content.
 * Nothing is stored until every file has passed (docs/decisions/027-data-sources.md).
 */
export async function readMarkdownFiles(request: FastifyRequest): Promise<NewDataSource[]> {
  if (!request.isMultipart()) throw new AppError(415, 'data/not-multipart', M.notMultipart);
  const files: NewDataSource[] = [];
  try {
    for await (const part of request.parts({
      // Keep `../` in the name the browser sent, so it is refused instead of silently cut away.
      preservePath: true,
      limits: { files: DATA_SOURCE_MAX_FILES, fileSize: DATA_SOURCE_MAX_BYTES, fields: 10, fieldSize: 1024 },
    })) {
      if (part.type !== 'file') continue;
      const fileName = part.filename.normalize('NFC');
      const problem = fileNameProblem(fileName);
      if (problem === 'badName') throw new ValidationError(M.badName, [{ path: 'file', message: M.badName }]);
      if (problem === 'wrongType') throw new AppError(415, 'data/wrong-type', M.wrongType(fileName));
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(413, 'data/too-large', M.tooLarge(fileName));
        throw err;
      }
      if (bytes.length === 0) throw new ValidationError(M.empty(fileName));
      const body = markdownText(bytes);
      if (body === null) throw new AppError(415, 'data/binary', M.binary(fileName));
      files.push({ title: markdownTitle(body, fileName), fileName, byteSize: bytes.length, body });
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw new ValidationError(M.tooMany);
    throw err;
  }
  if (files.length === 0) throw new ValidationError(M.missing);
  return files;
}

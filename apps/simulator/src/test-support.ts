import { request } from 'node:http';
import {
  type AttributeEvaluation,
  evaluateAttribute,
  extractRecords,
  indexRecords,
} from '@vaskedrift/shared/evaluation';
import type { LocationInfo } from './locations';

/** Helpers for the simulator's tests (not part of the package's API). */

/** Evaluates a facility's body with its suggested attributes, as the server will: bay key → attribute name → result. */
export function evaluateLocation(
  location: LocationInfo,
  body: unknown,
): Record<string, Record<string, AttributeEvaluation>> {
  const records = extractRecords(body, location.recordsPath);
  const index = indexRecords(records ?? [], location.keyIdentifier);
  return Object.fromEntries(
    location.bays.map((bay) => [
      bay.key,
      Object.fromEntries(
        location.suggestedAttributes.map((attribute) => [
          attribute.name,
          evaluateAttribute(index, {
            keyValue: bay.key,
            path: attribute.path,
            type: attribute.type,
            operator: attribute.operator,
            ...attribute.thresholds,
          }),
        ]),
      ),
    ]),
  );
}

/** The levels only: bay key → attribute name → level. */
export function levelsOf(location: LocationInfo, body: unknown): Record<string, Record<string, string>> {
  const evaluations = evaluateLocation(location, body);
  return Object.fromEntries(
    Object.entries(evaluations).map(([bay, byName]) => [
      bay,
      Object.fromEntries(Object.entries(byName).map(([name, result]) => [name, result.level])),
    ]),
  );
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes read, as sent (no decompression), at most `maxBytes`. */
  body: Buffer;
  /** True when the client stopped reading at `maxBytes`. */
  truncated: boolean;
}

/** A GET that reads at most `maxBytes` raw bytes and then closes the connection. */
export function rawGet(url: string, options: { maxBytes?: number; headers?: Record<string, string> } = {}) {
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  return new Promise<RawResponse>((resolve, reject) => {
    const req = request(url, { agent: false, headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = (truncated: boolean) =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          truncated,
        });
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= maxBytes) {
          req.destroy();
          finish(true);
        }
      });
      res.on('end', () => finish(false));
      res.on('error', () => finish(true));
    });
    req.on('error', reject);
    req.end();
  });
}

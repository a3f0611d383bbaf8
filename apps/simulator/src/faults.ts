import type { ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { z } from 'zod';
import { sendJson } from './http';

const gzipAsync = promisify(gzip);

/*
 * Ways a controller misbehaves, switched on per facility through the control API, so the server's outbound
 * safety (deadline, size cap after decompression, no redirects, SSRF guard) can be tested end to end.
 */

const FAULT_MODES = [
  'none',
  'slow',
  'timeout',
  'http500',
  'invalidJson',
  'huge',
  'gzipBomb',
  'redirect',
  'redirectMetadata',
  'slowBody',
] as const;

export const faultSchema = z.strictObject({
  mode: z.enum(FAULT_MODES),
  /** slow: delay before the answer (default 5 s); slowBody: time to trickle the body (default 10 s). */
  delayMs: z.number().int().min(0).max(3_600_000).optional(),
  /** huge: the body is bigger than this (default 20 MB). */
  sizeBytes: z
    .number()
    .int()
    .min(1)
    .max(4 * 1024 ** 3)
    .optional(),
});
export type FaultSpec = z.infer<typeof faultSchema>;

export const DEFAULT_SLOW_MS = 5_000;
export const DEFAULT_SLOW_BODY_MS = 10_000;
export const DEFAULT_HUGE_BYTES = 20 * 1024 * 1024;
/** What the gzip bomb inflates to: 1 GiB of spaces, then `{}` (so it is even valid JSON). */
const GZIP_BOMB_INFLATED_BYTES = 1024 ** 3 + 2;
export const METADATA_URL = 'http://169.254.169.254/latest/meta-data/';

/** Runs `callback` after `ms` unless the client goes away first (no timer outlives its socket). */
export function afterDelay(res: ServerResponse, ms: number, callback: () => void) {
  const timer = setTimeout(callback, ms);
  res.once('close', () => clearTimeout(timer));
}

/** Headers, then the body in small pieces spread evenly over `durationMs`. */
export function trickle(res: ServerResponse, body: string, durationMs: number) {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  const data = Buffer.from(body);
  const pieces = Math.max(1, Math.min(data.length, 100));
  const pieceSize = Math.ceil(data.length / pieces);
  let offset = 0;
  const timer = setInterval(
    () => {
      const piece = data.subarray(offset, offset + pieceSize);
      offset += piece.length;
      if (offset >= data.length) {
        clearInterval(timer);
        res.end(piece);
      } else {
        res.write(piece);
      }
    },
    Math.max(1, Math.floor(durationMs / pieces)),
  );
  res.once('close', () => clearInterval(timer));
}

const PADDING_CHUNK = Buffer.alloc(64 * 1024, 'x');

/**
 * A valid JSON body larger than `sizeBytes`, streamed chunked with back-pressure (never held in memory):
 * the real body with a long `padding` string first — `{"padding":"xxx…", …}`, or for an array body
 * `[{"padding":"xxx…"}, …]` — so a client with a big enough cap still reads the records.
 */
export function streamHuge(res: ServerResponse, body: string, sizeBytes: number) {
  const isArray = body.startsWith('[');
  const rest = body.slice(1);
  const empty = rest === ']' || rest === '}';
  const head = isArray ? '[{"padding":"' : '{"padding":"';
  const tail = `"${isArray ? '}' : ''}${empty ? '' : ','}${rest}`;
  let remaining = Math.max(0, sizeBytes + 1 - head.length - Buffer.byteLength(tail));
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.write(head);
  const pump = () => {
    while (remaining > 0 && !res.destroyed) {
      const chunk = remaining >= PADDING_CHUNK.length ? PADDING_CHUNK : PADDING_CHUNK.subarray(0, remaining);
      remaining -= chunk.length;
      if (!res.write(chunk)) {
        res.once('drain', pump);
        return;
      }
    }
    if (!res.destroyed) res.end(tail);
  };
  pump();
}

let gzipBomb: Promise<Buffer> | undefined;
/** Spaces per gzip member: the bomb is 16 of them and a last one holding `{}`. */
const BOMB_MEMBER_BYTES = 64 * 1024 * 1024;

/**
 * The gzip bomb, compressed once per process on first use: about 1 MB (deflate cannot pack much tighter
 * than 1:1000). A gzip stream may be several members one after the other, which every gunzip reads as one
 * body, so 64 MiB of spaces is compressed once (about 0.1 s) and repeated, instead of compressing 1 GiB.
 */
function gzipBombBody(): Promise<Buffer> {
  gzipBomb ??= (async () => {
    const member = await gzipAsync(Buffer.alloc(BOMB_MEMBER_BYTES, ' '), { level: 9 });
    const members = (GZIP_BOMB_INFLATED_BYTES - 2) / BOMB_MEMBER_BYTES;
    return Buffer.concat([...Array.from({ length: members }, () => member), await gzipAsync('{}')]);
  })();
  return gzipBomb;
}

export async function sendGzipBomb(res: ServerResponse) {
  const body = await gzipBombBody();
  if (res.destroyed) return;
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-encoding': 'gzip',
    'content-length': body.length,
  });
  res.end(body);
}

export function sendInvalidJson(res: ServerResponse, body: string) {
  // A controller cut off mid-answer: the start of the real body, then garbage.
  const text = `${body.slice(0, Math.min(body.length - 1, 120))}<!-- 502 -->`;
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendServerError(res: ServerResponse) {
  sendJson(res, 500, { error: 'internal_error', message: 'Controller failure (simulated)' });
}

export function sendRedirect(res: ServerResponse, location: string) {
  res.writeHead(302, { location, 'content-length': 0 });
  res.end();
}

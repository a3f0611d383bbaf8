import { randomBytes } from 'node:crypto';
import { REALTIME_PATH } from '@vaskedrift/shared';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { createTestApp, createTestInstance, type TestContext } from './helpers';

/** Makes an instance listen on a loopback port (a free one by default); answers its base URL. */
export async function listenOnLoopback(app: FastifyInstance, port = 0): Promise<string> {
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('ingen adresse');
  return `http://127.0.0.1:${address.port}`;
}

/** A live-channel client signed in with `token`, websocket only, not reconnecting by itself; not awaited. */
export function openClient(url: string, token: string, extraHeaders: Record<string, string> = {}): Socket {
  return io(url, {
    path: REALTIME_PATH,
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    extraHeaders,
  });
}

/** Waits for the handshake; rejects with the server's message (and lets the socket go) when refused. */
export function connected(socket: Socket): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => {
      socket.disconnect();
      reject(err);
    });
  });
}

/**
 * A connected client recording what arrives of the message named; rejects with the server's message when
 * refused. The caller disconnects it.
 */
export async function connectRecording<T = unknown>(
  url: string,
  token: string,
  message: string,
): Promise<{ socket: Socket; received: T[] }> {
  const socket = openClient(url, token);
  const received: T[] = [];
  socket.on(message, (body: T) => received.push(body));
  await connected(socket);
  return { socket, received };
}

/** Waits until `check` holds, polling every 10 ms. */
export async function waitUntil(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('ventet for lenge');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Two instances on one database, both listening on loopback and accepting the same tokens (one
 * `SECRET_KEY`); `ctx.close()` closes both.
 */
export async function twoListeningInstances(
  env: Record<string, string> = {},
): Promise<{ ctx: TestContext; urlA: string; urlB: string }> {
  const shared = { SECRET_KEY: randomBytes(32).toString('hex'), ...env };
  const ctx = await createTestApp(shared);
  const b = await createTestInstance(ctx, shared);
  return { ctx, urlA: await listenOnLoopback(ctx.app), urlB: await listenOnLoopback(b.app) };
}

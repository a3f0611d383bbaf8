import { REALTIME_PATH, REALTIME_TIMEOUT_MS } from '@vaskedrift/shared';
import type { RealtimeSocket } from './realtime-client';

/**
 * A socket.io socket to this origin's `/socket.io/`. The client library is loaded here, on first use after
 * sign-in, so it stays out of the sign-in page's bundle.
 */
export async function openSocketIo(getToken: () => string | null): Promise<RealtimeSocket> {
  const { io } = await import('socket.io-client');
  const socket = io({
    path: REALTIME_PATH,
    // WebSocket only: HTTP long-polling would need every request of a session to reach the same instance
    // (sticky sessions); one WebSocket connection stays on the instance it reached (decision 020).
    transports: ['websocket'],
    autoConnect: false,
    // Reconnection is driven by startRealtime, on the shared back-off (REALTIME_RECONNECT_DELAYS_MS).
    reconnection: false,
    timeout: REALTIME_TIMEOUT_MS,
    // Read at every handshake, so a reconnect after a refresh carries the new token.
    auth: (callback) => callback({ token: getToken() }),
  });
  return {
    on: (event, listener) => {
      socket.on(event, listener);
    },
    connect: () => {
      socket.connect();
    },
    disconnect: () => {
      socket.disconnect();
    },
    request: (event, data, timeoutMs) => socket.timeout(timeoutMs).emitWithAck(event, data),
  };
}

import type { FastifyInstance } from 'fastify';

/**
 * Once the app starts closing, every answer ends its connection (`Connection: close`). Node's
 * `server.close()` ends the keep-alive connections idle at that moment; one whose request was still in
 * flight stayed open after its answer until the client let it go (Fastify's keep-alive timeout, 72 s, which
 * clients honour), and the shutdown waited for it: a SIGTERM during any request ran into server.ts's 30 s
 * limit, which exits before the rest of the shutdown (the live channel's journal, the senders, the pools).
 * Requests that arrive while closing Fastify itself answers 503 with `Connection: close`.
 */
export function registerCloseConnections(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
}

/**
 * The local push service of `web-push.ts` in a process of its own (as a push service is another machine):
 * it verifies and decrypts every push (e2e/helpers/push-service.ts) and reports each arrival to the bench
 * over IPC: `[subscription id, accepted at (ms since the epoch), carried an action token]`.
 */
import { startPushService } from '../e2e/helpers/push-service';

type Command = { type: 'subscribe'; count: number } | { type: 'stop' };

async function main() {
  const send = (message: unknown) => process.send?.(message);
  const push = await startPushService();
  let reported = 0;
  const flush = () => {
    if (push.received.length === reported && push.rejected.length === 0) return;
    const fresh = push.received.slice(reported);
    reported = push.received.length;
    send({
      type: 'arrivals',
      list: fresh.map((one) => [
        one.subscriptionId,
        one.receivedAt,
        JSON.parse(one.text).actionToken !== null,
      ]),
      rejected: push.rejected.splice(0),
    });
  };
  const timer = setInterval(flush, 20);
  process.on('message', async (command: Command) => {
    if (command.type === 'subscribe') {
      send({ type: 'subscriptions', list: Array.from({ length: command.count }, () => push.subscribe()) });
    } else {
      clearInterval(timer);
      flush();
      await push.stop();
      process.disconnect();
    }
  });
  send({ type: 'ready' });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

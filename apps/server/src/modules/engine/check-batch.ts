import type { Db } from '../../db/client';
import { type CheckReadings, insertReadings } from '../readings';
import { loadRulesOf, type QuietCheck, type Rule, writeQuietChecks } from './engine.repository';

/**
 * Calls made within `gatherMs` of the first (or `max` of them) are served by one `run` over all their
 * inputs, which answers one output per input in order. One run at a time; calls made meanwhile form the
 * next. A failed run fails each of its calls.
 */
export function gathered<I, O>(
  run: (inputs: I[]) => Promise<O[]>,
  options: { gatherMs: number; max: number },
): (input: I) => Promise<O> {
  let queue: Array<{ input: I; done: (output: O) => void; failed: (err: unknown) => void }> = [];
  let timer: NodeJS.Timeout | undefined;
  let running = false;

  function schedule() {
    if (running || timer || queue.length === 0) return;
    if (queue.length >= options.max) start();
    else timer = setTimeout(start, options.gatherMs);
  }

  function start() {
    clearTimeout(timer);
    timer = undefined;
    const batch = queue.slice(0, options.max);
    queue = queue.slice(options.max);
    running = true;
    run(batch.map((c) => c.input))
      .then(
        (outputs) => {
          for (const [i, c] of batch.entries()) c.done(outputs[i] as O);
        },
        (err: unknown) => {
          for (const c of batch) c.failed(err);
        },
      )
      .finally(() => {
        running = false;
        schedule();
      });
  }

  return (input) =>
    new Promise<O>((done, failed) => {
      queue.push({ input, done, failed });
      schedule();
    });
}

/**
 * Quiet checks read and write together (decision 009): the rules of the checks whose answers arrive
 * within 10 ms of each other in one query, and what the checks finishing within 50 ms of each other
 * found in one transaction of two statements (everything but the readings, then the readings), instead
 * of a transaction of five or six statements each. A check's write resolves once its batch has committed,
 * so a caller sees its check stored, as with a transaction of its own. At 250 checks a second a batch
 * holds about a dozen checks.
 */
export function createCheckBatch(deps: { db: Db }) {
  return {
    rules: gathered<string, Rule[]>(
      async (apiIds) => {
        const rules = await loadRulesOf(deps.db, apiIds);
        return apiIds.map((id) => rules.get(id) ?? []);
      },
      { gatherMs: 10, max: 200 },
    ),
    write: gathered<{ check: QuietCheck; readings: CheckReadings }, void>(
      (writes) =>
        deps.db.transaction(async (tx) => {
          await writeQuietChecks(
            tx,
            writes.map((w) => w.check),
          );
          await insertReadings(
            tx,
            writes.map((w) => w.readings),
          );
          return writes.map(() => undefined);
        }),
      { gatherMs: 50, max: 500 },
    ),
  };
}

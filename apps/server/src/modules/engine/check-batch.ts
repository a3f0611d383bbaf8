import type { Db } from '../../db/client';
import { type CheckReadings, insertReadings } from '../readings';
import { type QuietCheck, writeQuietChecks } from './engine.repository';

/** How long the first quiet check of a batch waits for others to join it. */
const GATHER_MS = 20;
/** A batch this large is written at once. */
const MAX_CHECKS = 500;

type Pending = {
  check: QuietCheck;
  readings: CheckReadings;
  done: () => void;
  failed: (err: unknown) => void;
};

export type CheckBatch = ReturnType<typeof createCheckBatch>;

/**
 * Writes quiet checks together (decision 009): the checks that finish within a few milliseconds of each
 * other share one transaction of two statements (everything but the readings, then the readings), instead
 * of a transaction of five or six statements each. A check's `write` resolves once its batch has
 * committed, so a caller sees its check stored, as with a transaction of its own; a failed batch fails
 * each of its checks. One batch is written at a time; checks that finish meanwhile form the next.
 */
export function createCheckBatch(deps: { db: Db }) {
  const queue: Pending[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | null = null;

  function schedule() {
    if (writing || timer || queue.length === 0) return;
    if (queue.length >= MAX_CHECKS) {
      void flush();
      return;
    }
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, GATHER_MS);
  }

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const batch = queue.splice(0, MAX_CHECKS);
    writing = deps.db
      .transaction(async (tx) => {
        await writeQuietChecks(
          tx,
          batch.map((p) => p.check),
        );
        await insertReadings(
          tx,
          batch.map((p) => p.readings),
        );
      })
      .then(
        () => {
          for (const p of batch) p.done();
        },
        (err: unknown) => {
          for (const p of batch) p.failed(err);
        },
      )
      .finally(() => {
        writing = null;
        schedule();
      });
    return writing;
  }

  return {
    /** Resolves when the check is committed with its batch. */
    write(check: QuietCheck, readings: CheckReadings): Promise<void> {
      return new Promise<void>((done, failed) => {
        queue.push({ check, readings, done, failed });
        schedule();
      });
    },
  };
}

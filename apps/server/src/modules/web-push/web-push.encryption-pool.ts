import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { createPushEncryption, type PushEncrypt, pushEncryptionSteps } from './web-push.encryption';

/** One message to encrypt for one subscription. */
type EncryptionJob = { p256dh: string; auth: string; plaintext: string };
/** A job's aes128gcm body, or why the subscription's keys make no key agreement. */
export type EncryptionResult = Buffer | Error;

export type EncryptionPool = {
  /** The jobs' bodies in their order; a job whose keys make no agreement answers its Error. */
  encrypt(jobs: EncryptionJob[]): Promise<EncryptionResult[]>;
  /** Ends the threads (a later `encrypt` starts them again). */
  close(): Promise<void>;
};

/**
 * The thread's program: `pushEncryptionSteps` from its own source, one ECDH object per thread. `__name` is
 * the helper esbuild's keepNames adds when tsx runs the TypeScript (a bundled build has none).
 */
const WORKER_SOURCE = `
const __name = (fn) => fn;
const { parentPort } = require('node:worker_threads');
const encrypt = (${pushEncryptionSteps.toString()})(require('node:crypto'));
parentPort.on('message', ({ id, jobs }) => {
  const results = jobs.map((job) => {
    try {
      return encrypt(job.p256dh, job.auth, job.plaintext);
    } catch (err) {
      return { error: err instanceof Error ? err.message : String(err) };
    }
  });
  parentPort.postMessage({ id, results });
});`;

/** One thread fewer than the machine has (the event loop keeps one), 1 to 4. */
const defaultThreads = () => Math.max(1, Math.min(4, availableParallelism() - 1));

type Pending = { jobs: EncryptionJob[]; resolve: (results: EncryptionResult[]) => void };
type Thread = { worker: Worker; pending: Map<number, Pending> };

function encryptEach(encrypt: PushEncrypt, jobs: EncryptionJob[]): EncryptionResult[] {
  return jobs.map((job) => {
    try {
      return encrypt(job.p256dh, job.auth, job.plaintext);
    } catch (err) {
      return err instanceof Error ? err : new Error(String(err));
    }
  });
}

/**
 * RFC 8291's encryption of push messages on threads of their own (issue 27): the ECDH agreement per message
 * is most of a push's CPU on the server, and on the event loop it held back the requests and answers of
 * every other push. Jobs go to the threads in turn; each thread answers a call's jobs in one message. A
 * thread that fails or exits answers its waiting jobs here on the event loop, and so do all later calls
 * (`onFailure` says so once): a push is never lost to a thread. `threads: 0` encrypts on the event loop.
 */
export function createEncryptionPool({
  threads = defaultThreads(),
  onFailure = () => {},
}: {
  threads?: number;
  onFailure?: (err: unknown) => void;
} = {}): EncryptionPool {
  let running: Thread[] = [];
  let turn = 0;
  let sequence = 0;
  let failed = threads === 0;
  let local: PushEncrypt | null = null;
  const encryptHere = (jobs: EncryptionJob[]) => {
    local ??= createPushEncryption();
    return encryptEach(local, jobs);
  };

  /** A thread's waiting jobs answered here, and every later call too. */
  function fail(thread: Thread, err: unknown) {
    if (!failed) onFailure(err);
    failed = true;
    running = running.filter((one) => one !== thread);
    for (const { jobs, resolve } of thread.pending.values()) resolve(encryptHere(jobs));
    thread.pending.clear();
    void thread.worker.terminate();
  }

  function startThread(): Thread {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    const thread: Thread = { worker, pending: new Map() };
    worker.unref();
    worker.on(
      'message',
      ({ id, results }: { id: number; results: Array<Uint8Array | { error: string }> }) => {
        const waiting = thread.pending.get(id);
        if (!waiting) return;
        thread.pending.delete(id);
        if (thread.pending.size === 0) worker.unref();
        waiting.resolve(
          results.map((result) =>
            result instanceof Uint8Array
              ? Buffer.from(result.buffer, result.byteOffset, result.byteLength)
              : new Error(result.error),
          ),
        );
      },
    );
    worker.on('error', (err) => fail(thread, err));
    worker.on('exit', (code) => {
      if (running.includes(thread)) fail(thread, new Error(`krypteringstråden avsluttet (${code})`));
    });
    return thread;
  }

  return {
    encrypt(jobs) {
      if (jobs.length === 0) return Promise.resolve([]);
      if (failed) return Promise.resolve(encryptHere(jobs));
      while (running.length < threads) running.push(startThread());
      const thread = running[turn++ % running.length] as Thread;
      const id = ++sequence;
      return new Promise((resolve) => {
        if (thread.pending.size === 0) thread.worker.ref();
        thread.pending.set(id, { jobs, resolve });
        thread.worker.postMessage({ id, jobs });
      });
    },
    async close() {
      const closing = running;
      running = [];
      for (const thread of closing) {
        for (const { jobs, resolve } of thread.pending.values()) resolve(encryptHere(jobs));
        thread.pending.clear();
      }
      await Promise.all(closing.map((thread) => thread.worker.terminate()));
    },
  };
}

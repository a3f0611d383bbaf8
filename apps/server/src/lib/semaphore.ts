/** At most `size` tasks run at once; the others wait their turn in arrival order. */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly size: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.size) this.active++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    return this.holding(task);
  }

  /** Runs `task` if a place is free now, else answers null at once (nothing waits). */
  tryRun<T>(task: () => Promise<T>): Promise<T> | null {
    if (this.active >= this.size) return null;
    this.active++;
    return this.holding(task);
  }

  /** Runs `task` on a place already taken, and hands the place on (or frees it) when it ends. */
  private async holding<T>(task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

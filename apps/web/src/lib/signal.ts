/** A one-time signal: `wait()` resolves once `mark()` was called (at once after that); a second mark does nothing. */
export function createSignal(): { wait(): Promise<void>; mark(): void } {
  let resolveMarked: () => void = () => {};
  const marked = new Promise<void>((resolve) => {
    resolveMarked = resolve;
  });
  return { wait: () => marked, mark: () => resolveMarked() };
}

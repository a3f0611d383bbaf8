/**
 * Data read over HTTP says where the live channel stood when it was read (`seq` of the dashboard answer):
 * every change the read missed comes after it. The channel asks for those and applies them on top, so a
 * change made between the read and the socket joining its rooms, or one applied live before an older
 * answer landed, is not lost (docs/decisions/020-realtime.md).
 */
type Handler = (since: number) => void;

let handler: Handler | null = null;
/** The oldest position read before the channel started; handed over when it does. */
let pending: number | null = null;

/** Tells the channel that data read at `seq` has just been put in the cache. */
export function caughtUpTo(seq: number): void {
  if (handler) handler(seq);
  else pending = Math.min(pending ?? seq, seq);
}

/** The channel's side: `since` for each read; returns the function that lets go. */
export function onDataRead(next: Handler): () => void {
  handler = next;
  if (pending !== null) {
    const since = pending;
    pending = null;
    next(since);
  }
  return () => {
    if (handler === next) handler = null;
  };
}

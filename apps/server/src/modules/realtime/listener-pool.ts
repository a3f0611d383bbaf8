import type pg from 'pg';

/**
 * The pool as @socket.io/postgres-adapter 0.5 sees it (`connect` and `query` are all it calls). The adapter
 * checks one client out for LISTEN and keeps it; when that connection dies (database restart, failover) it
 * takes another after about two seconds but never gives the dead one back, so each outage would cost the
 * pool a connection for good. Here a dead listener goes back to the pool, destroyed.
 *
 * `lost` runs when the listening connection ends, `regained` when the adapter has a new one: NOTIFYs the
 * other instances sent in between never reached this instance (decision 020).
 */
export function listenerPool(pool: pg.Pool, on: { lost(): void; regained(): void }): pg.Pool {
  let listeners = 0;
  const connect = async () => {
    const client = await pool.connect();
    if (listeners++ > 0) on.regained();
    client.once('end', () => {
      client.release(true);
      on.lost();
    });
    return client;
  };
  const facade = { connect, query: pool.query.bind(pool) };
  return facade as unknown as pg.Pool;
}

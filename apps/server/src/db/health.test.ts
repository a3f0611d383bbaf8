import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createDatabaseHealth, databaseFaultOf, isTransactionCollision } from './health';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('databaseFaultOf', () => {
  it('tells a database that is away or full from a failing query', () => {
    expect(databaseFaultOf(pgError('57P01', 'terminating connection due to administrator command'))).toBe(
      'unavailable',
    );
    expect(databaseFaultOf(pgError('57P03', 'the database system is starting up'))).toBe('unavailable');
    expect(databaseFaultOf(pgError('08006'))).toBe('unavailable');
    expect(databaseFaultOf(pgError('ECONNREFUSED'))).toBe('unavailable');
    expect(databaseFaultOf(new Error('Connection terminated unexpectedly'))).toBe('unavailable');
    expect(databaseFaultOf(pgError('53100', 'could not extend file'))).toBe('full');
    expect(databaseFaultOf(pgError('23505', 'duplicate key'))).toBeNull();
    expect(databaseFaultOf(pgError('42P01', 'relation does not exist'))).toBeNull();
    expect(databaseFaultOf('57P01')).toBeNull();
  });

  it('looks through the wrapper drizzle puts around the driver error', () => {
    const wrapped = new Error('Failed query: select 1', { cause: pgError('57P01') });
    expect(databaseFaultOf(wrapped)).toBe('unavailable');
  });
});

describe('isTransactionCollision', () => {
  it("tells a deadlock or a serialization failure (class 40), through drizzle's wrapper, from other failures", () => {
    expect(
      isTransactionCollision(new Error('Failed query', { cause: pgError('40P01', 'deadlock detected') })),
    ).toBe(true);
    expect(isTransactionCollision(pgError('40001', 'could not serialize access'))).toBe(true);
    expect(isTransactionCollision(pgError('23505', 'duplicate key'))).toBe(false);
    expect(isTransactionCollision(pgError('57P01'))).toBe(false);
    expect(isTransactionCollision(new Error('no code'))).toBe(false);
  });
});

describe('createDatabaseHealth', () => {
  function logged() {
    let time = 0;
    const health = createDatabaseHealth(() => time);
    const lines: { level: number; msg: string; failuresNotLogged?: number }[] = [];
    const log = pino(
      { level: 'debug', hooks: { logMethod: health.logMethod } },
      { write: (line: string) => lines.push(JSON.parse(line)) },
    );
    return { health, log, lines, advance: (ms: number) => (time += ms) };
  }

  it('logs one error line per outage, counts the rest, and says when the database is back', () => {
    const { health, log, lines, advance } = logged();
    for (let i = 0; i < 5; i++) {
      log.error({ err: pgError('ECONNREFUSED') }, 'request failed');
      advance(1000);
    }
    log.error({ err: pgError('23505') }, 'something else failed');
    health.connected();
    log.error({ err: pgError('57P01') }, 'request failed');

    const errors = lines.filter((line) => line.level === 50);
    expect(errors.map((line) => line.msg)).toEqual([
      expect.stringMatching(/^Databasen er utilgjengelig.*request failed/),
      'something else failed',
      expect.stringMatching(/^Databasen er utilgjengelig/),
    ]);
    expect(lines.filter((line) => line.level === 20)).toHaveLength(4);
    expect(lines.find((line) => line.msg === 'Databasen svarer igjen')?.failuresNotLogged).toBe(4);
  });

  it('starts a new outage after a minute without a fault of that kind', () => {
    const { log, lines, advance } = logged();
    log.error({ err: pgError('53100') }, 'write failed');
    advance(30_000);
    log.error({ err: pgError('53100') }, 'write failed');
    advance(61_000);
    log.error({ err: pgError('53100') }, 'write failed');
    expect(lines.filter((line) => line.level === 50).map((line) => line.msg)).toEqual([
      expect.stringMatching(/^Databasen er full/),
      expect.stringMatching(/^Databasen er full/),
    ]);
  });
});

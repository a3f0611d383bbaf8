import { LOG_TYPE_VALUES } from '@vaskedrift/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('the audit log types: one list, the constraint from it', () => {
  it('the migrated CHECK constraint on logs.type allows exactly the values of LOG_TYPES', async () => {
    const { rows } = await ctx.database.pool.query<{ definition: string }>(
      `select pg_get_constraintdef(oid) as definition from pg_constraint
        where conrelid = 'logs'::regclass and conname = 'logs_type_check'`,
    );
    expect(rows).toHaveLength(1);
    // PostgreSQL prints `type = ANY (ARRAY['users/login/manual'::text, …])`.
    const allowed = [...(rows[0]?.definition ?? '').matchAll(/'([^']*)'::text/g)].map((m) => m[1]);
    expect(allowed.length).toBeGreaterThan(0);
    expect([...allowed].sort()).toEqual([...LOG_TYPE_VALUES].sort());
  });

  it('names every type once', () => {
    expect(new Set(LOG_TYPE_VALUES).size).toBe(LOG_TYPE_VALUES.length);
  });

  it('refuses a type that is not in the list, and takes one that is', async () => {
    const insert = (type: string) =>
      ctx.database.pool.query(`insert into logs (type, resource_type) values ($1, 'test') returning id`, [
        type,
      ]);
    await expect(insert('users/unknown')).rejects.toMatchObject({
      code: '23514',
      constraint: 'logs_type_check',
    });
    const { rows } = await insert(LOG_TYPE_VALUES[0]);
    expect(rows).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { createTestApp, createTestInstance } from './helpers';

describe('the test harness fails a file on error lines it did not declare', () => {
  it('fails close() on an error line nobody declared, from the app or a second instance', async () => {
    const ctx = await createTestApp();
    const second = await createTestInstance(ctx);
    ctx.app.log.error({ err: new Error('tilkoblingen brøt') }, 'request failed');
    second.app.log.error('andre instans feilet');
    ctx.app.log.warn('bare en advarsel');
    const failure = await ctx.close().then(
      () => '',
      (err: Error) => err.message,
    );
    expect(failure).toMatch(/Uventet feillinje i loggen \(.*nobody declared.*\):\n.*tilkoblingen brøt/);
    expect(failure).toMatch(/Uventet feillinje i loggen .*\n.*andre instans feilet/);
    expect(failure).not.toContain('bare en advarsel');
  });

  it('fails close() on a declared error line that never came', async () => {
    const ctx = await createTestApp();
    ctx.expectErrorLog(/databasen svarte ikke/);
    await expect(ctx.close()).rejects.toThrow('Ventet feillinje som aldri kom: /databasen svarte ikke/');
  });

  it('passes a declared error line', async () => {
    const ctx = await createTestApp();
    ctx.expectErrorLog(/databasen svarte ikke/);
    ctx.app.log.error({ err: new Error('databasen svarte ikke') }, 'request failed');
    await ctx.close();
  });
});

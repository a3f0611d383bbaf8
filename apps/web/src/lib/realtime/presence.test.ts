import type { PresenceRecord } from '@vaskedrift/shared';
import { describe, expect, it } from 'vitest';
import { createPresenceStore } from './presence';

const tab = (ref: string, user = 'u1'): PresenceRecord => ({
  user_id: user,
  user_name: 'Kari Nordmann',
  user_email: 'kari@example.com',
  user_avatar: null,
  last_seen: '2026-11-24T10:00:00.000Z',
  presence_ref: ref,
});

describe('createPresenceStore', () => {
  it('keeps tabs by presence_ref: a join replaces the same tab, a leave removes only it', () => {
    const store = createPresenceStore();
    store.join(tab('a'));
    store.join(tab('b'));
    store.join({ ...tab('a'), last_seen: '2026-11-24T10:00:30.000Z' });
    expect(store.get().map((r) => [r.presence_ref, r.last_seen])).toEqual([
      ['a', '2026-11-24T10:00:30.000Z'],
      ['b', '2026-11-24T10:00:00.000Z'],
    ]);
    store.leave('a');
    expect(store.get().map((r) => r.presence_ref)).toEqual(['b']);
  });

  it('replaces everything on a sync and tells subscribers only when something changed', () => {
    const store = createPresenceStore();
    let calls = 0;
    const unsubscribe = store.subscribe(() => {
      calls += 1;
    });
    store.join(tab('a'));
    store.replace([tab('x', 'u2'), tab('y', 'u3')]);
    expect(store.get().map((r) => r.presence_ref)).toEqual(['x', 'y']);
    const snapshot = store.get();
    store.leave('not-there');
    store.clear();
    store.clear();
    expect(calls).toBe(3);
    expect(snapshot).toHaveLength(2);
    expect(store.get()).toEqual([]);
    unsubscribe();
    store.join(tab('z'));
    expect(calls).toBe(3);
  });
});

import { describe, expect, it } from 'vitest';
import { groupPresences } from './presence';
import type { PresenceRecord } from './presence-messages';

const tab = (user: string, name: string, ref: string, lastSeen: string): PresenceRecord => ({
  user_id: user,
  user_name: name,
  user_email: `${user}@example.com`,
  user_avatar: null,
  last_seen: lastSeen,
  presence_ref: ref,
});

describe('groupPresences', () => {
  it('counts several tabs of one user once, with the newest last seen and the number of tabs', () => {
    const grouped = groupPresences([
      tab('u1', 'Øyvind Berg', 'a', '2026-11-24T10:00:05.000Z'),
      tab('u2', 'Anne Dahl', 'b', '2026-11-24T10:00:00.000Z'),
      tab('u1', 'Øyvind Berg', 'c', '2026-11-24T10:00:09.000Z'),
      tab('u1', 'Øyvind Berg', 'd', '2026-11-24T10:00:01.000Z'),
    ]);
    expect(grouped).toEqual([
      {
        user_id: 'u2',
        user_name: 'Anne Dahl',
        user_email: 'u2@example.com',
        user_avatar: null,
        last_seen: '2026-11-24T10:00:00.000Z',
        tabs: 1,
      },
      {
        user_id: 'u1',
        user_name: 'Øyvind Berg',
        user_email: 'u1@example.com',
        user_avatar: null,
        last_seen: '2026-11-24T10:00:09.000Z',
        tabs: 3,
      },
    ]);
  });

  it('sorts by name the Norwegian way (Å after Ø) and answers nothing for no records', () => {
    const names = groupPresences([
      tab('u1', 'Åse Lie', 'a', '2026-11-24T10:00:00.000Z'),
      tab('u2', 'Øystein Moe', 'b', '2026-11-24T10:00:00.000Z'),
      tab('u3', 'Zara Ali', 'c', '2026-11-24T10:00:00.000Z'),
    ]).map((u) => u.user_name);
    expect(names).toEqual(['Zara Ali', 'Øystein Moe', 'Åse Lie']);
    expect(groupPresences([])).toEqual([]);
  });
});

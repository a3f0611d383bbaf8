import type { DesktopNotification } from '@vaskedrift/shared';
import { describe, expect, it, vi } from 'vitest';
import {
  askDesktopPermission,
  type DesktopNotifierDeps,
  type DesktopPermission,
  type ShownNotification,
  startDesktopNotifications,
} from './desktop-notifications';

const critical: DesktopNotification = {
  id: 42,
  title: 'Kritisk: Vask Bryn – Hall 1',
  body: 'Vanntrykk er kritisk. Verdi: 1.2, terskel: < 2',
  level: 'critical',
  bayId: 'bay-1',
  locationId: 'loc-1',
  url: '/locations/loc-1/bays/bay-1',
};

type Shown = ShownNotification & { title: string; options: NotificationOptions; closed: boolean };

/** A tab: `lead()` makes it win the election (null `election`: a browser without Web Locks). */
function tab(setup: { enabled?: boolean; permission?: DesktopPermission; election?: 'locks' | null } = {}) {
  const shown: Shown[] = [];
  let onLeader: () => void = () => {};
  const leave = vi.fn();
  const deps: DesktopNotifierDeps = {
    isEnabled: () => setup.enabled ?? true,
    permission: () => setup.permission ?? 'granted',
    show: (title, options) => {
      const notification: Shown = {
        title,
        options,
        closed: false,
        onclick: null,
        close() {
          notification.closed = true;
        },
      };
      shown.push(notification);
      return notification;
    },
    focusWindow: vi.fn(),
    navigate: vi.fn(),
    electLeader:
      setup.election === null
        ? null
        : (callback) => {
            onLeader = callback;
            return leave;
          },
    icon: '/favicon.svg',
  };
  const notifier = startDesktopNotifications(deps);
  return { notifier, shown, deps, leave, lead: () => onLeader() };
}

describe('desktop notifications in the browser', () => {
  it('shows a notification in the leader tab with its Norwegian text, the event tag and the icon', () => {
    const leader = tab();
    leader.lead();
    leader.notifier.receive(critical);
    expect(leader.shown).toHaveLength(1);
    expect(leader.shown[0]).toMatchObject({
      title: 'Kritisk: Vask Bryn – Hall 1',
      options: { body: critical.body, tag: 'vaskedrift-42', icon: '/favicon.svg' },
    });
  });

  it('shows each event once across tabs: only the tab holding the lock shows it, the next one takes over', () => {
    const first = tab();
    const second = tab();
    first.lead();
    first.notifier.receive(critical);
    second.notifier.receive(critical);
    expect([first.shown.length, second.shown.length]).toEqual([1, 0]);

    // The first tab closes; the browser hands the lock to the second.
    first.notifier.stop();
    expect(first.leave).toHaveBeenCalledOnce();
    second.lead();
    first.notifier.receive({ ...critical, id: 43 });
    second.notifier.receive({ ...critical, id: 43 });
    expect([first.shown.length, second.shown.length]).toEqual([1, 1]);
  });

  it('shows in every tab, folded by the tag, when the browser has no Web Locks', () => {
    const tabs = [tab({ election: null }), tab({ election: null })];
    for (const each of tabs) each.notifier.receive(critical);
    expect(tabs.map((each) => each.shown[0]?.options.tag)).toEqual(['vaskedrift-42', 'vaskedrift-42']);
  });

  it('shows nothing when the setting is off, permission is not granted, or the message is malformed', () => {
    for (const setup of [
      { enabled: false },
      { permission: 'default' as const },
      { permission: 'denied' as const },
      { permission: 'unsupported' as const },
    ]) {
      const one = tab(setup);
      one.lead();
      one.notifier.receive(critical);
      expect(one.shown).toEqual([]);
    }
    const leader = tab();
    leader.lead();
    leader.notifier.receive({ ...critical, url: 'https://angriper.example.com' });
    leader.notifier.receive({ title: 'Uten id' });
    expect(leader.shown).toEqual([]);
  });

  it('brings the window to the front on the bay when clicked, then closes the notification', () => {
    const leader = tab();
    leader.lead();
    leader.notifier.receive(critical);
    const [notification] = leader.shown;
    const event = new Event('click', { cancelable: true });
    notification?.onclick?.(event);
    expect(event.defaultPrevented).toBe(true);
    expect(leader.deps.focusWindow).toHaveBeenCalledOnce();
    expect(leader.deps.navigate).toHaveBeenCalledWith('/locations/loc-1/bays/bay-1');
    expect(notification?.closed).toBe(true);
  });
});

describe('asking for permission', () => {
  it('asks only when the user has not decided yet', async () => {
    const request = vi.fn(async () => 'granted' as const);
    expect(await askDesktopPermission({ permission: () => 'default', request })).toBe('granted');
    expect(request).toHaveBeenCalledOnce();
    for (const decided of ['granted', 'denied', 'unsupported'] as const) {
      const untouched = vi.fn(async () => 'granted' as const);
      expect(await askDesktopPermission({ permission: () => decided, request: untouched })).toBe(decided);
      expect(untouched).not.toHaveBeenCalled();
    }
  });
});

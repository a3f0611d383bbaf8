import { NOTIFICATION_EVENT_TYPES } from '@vaskedrift/shared';
import { describe, expect, it } from 'vitest';
import { alertPayload } from '../../../test/alert-payload';
import { desktopDeliveriesOf, renderDesktop } from './desktop';
import type { NotificationTarget } from './dispatcher.repository';
import type { ApiEventPayload } from './payloads';

const alert = { id: 7, type: 'alert.opened', payload: alertPayload({ locationId: 'loc-1', bayId: 'bay-1' }) };
const bay = (bayId: string, locationId: string) => ({
  bayId,
  locationId,
  bayName: bayId,
  locationName: locationId,
});
const apiDown = (bays: ApiEventPayload['bays']) => ({
  id: 8,
  type: 'api.down',
  payload: { apiId: 'a', apiName: 'Kontroller', reason: 'Tidsavbrudd', failures: 3, at: '', bays },
});
const target = (userId: string | null, desktop: boolean, locationIds: string[], eventId = 8) =>
  ({
    eventId,
    email: `${userId}@example.no`,
    userId,
    role: 'admin',
    desktop,
    locationIds,
  }) as NotificationTarget;

describe('desktop notifications', () => {
  it("says an alert in the e-mail's words and leads an admin to the bay's page, others to its panel", () => {
    expect(renderDesktop(alert, null, 'admin')).toEqual({
      id: 7,
      title: 'Kritisk: Vask Bryn – Hall 1',
      body: 'Vanntrykk 1,2\u00a0bar · kritisk under 2\u00a0bar',
      level: 'critical',
      bayId: 'bay-1',
      locationId: 'loc-1',
      url: '/locations/loc-1/bays/bay-1',
    });
    expect(renderDesktop(alert, null, 'operator').url).toBe('/?bay=bay-1');
    expect(renderDesktop(alert, null, 'user').url).toBe('/?bay=bay-1');
  });

  it('has a title, a body and an app path for every event type, even with an empty payload', () => {
    for (const type of Object.keys(NOTIFICATION_EVENT_TYPES)) {
      const shown = renderDesktop({ id: 1, type, payload: {} }, null, 'operator');
      expect(shown.title).not.toBe('');
      expect(shown.body).not.toBe('');
      expect(shown.url.startsWith('/')).toBe(true);
    }
  });

  it('counts only the bays of a dead API the user may see, and leads to the bay, facility or dashboard', () => {
    const event = apiDown([bay('b1', 'l1'), bay('b2', 'l1'), bay('b3', 'l2')]);
    const one = renderDesktop(event, new Set(['l2']), 'admin');
    expect(one).toMatchObject({ title: 'API svarer ikke: Kontroller', url: '/locations/l2/bays/b3' });
    expect(one.body).toBe('API-et Kontroller har ikke svart på 3 forsøk på rad. Berører 1 vaskehall.');
    expect(renderDesktop(event, new Set(['l2']), 'operator').url).toBe('/?bay=b3');
    expect(renderDesktop(event, new Set(['l1']), 'admin').url).toBe('/locations/l1');
    // A facility's page is for admins: an operator goes to the dashboard.
    expect(renderDesktop(event, new Set(['l1']), 'operator').url).toBe('/');
    expect(renderDesktop(event, null, 'admin')).toMatchObject({
      url: '/',
      body: expect.stringContaining('3 vaskehaller'),
    });
  });

  it('tells each user with the setting on once, merging the ways they are reached, grouping equal texts', () => {
    const event = apiDown([bay('b1', 'l1'), bay('b3', 'l2')]);
    const deliveries = desktopDeliveriesOf(
      [event],
      [
        target('kari', true, ['l1']),
        target('kari', true, ['l2']),
        target('ola', true, ['l1', 'l2']),
        target('per', true, ['l1']),
        target('av', false, ['l1']),
        target(null, true, ['l1']),
      ],
    );
    expect(deliveries.map((d) => [d.userIds, d.notification.url])).toEqual([
      [['kari', 'ola'], '/'],
      [['per'], '/locations/l1/bays/b1'],
    ]);
  });
});

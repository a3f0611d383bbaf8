import { describe, expect, it } from 'vitest';
import {
  acknowledgedNotice,
  createShownEvents,
  notificationOptions,
  readPushMessage,
} from './push-notification';

const payload = {
  v: 1,
  kind: 'incident.opened',
  eventId: 7,
  title: 'Kritisk: Vask Bryn – Hall 1',
  body: 'Vanntrykk 1,2 bar · kritisk under 2 bar',
  tag: 'bay:b1',
  url: '/?bay=b1',
  bayId: 'b1',
  alertId: 'a1',
  level: 'critical',
  actionToken: 'token',
  sentAt: '2026-11-26T09:45:00Z',
};

describe('readPushMessage', () => {
  it('reads the server payload', () => {
    expect(readPushMessage(payload)).toEqual({
      title: payload.title,
      body: payload.body,
      tag: 'bay:b1',
      url: '/?bay=b1',
      actionToken: 'token',
      level: 'critical',
      eventId: 7,
    });
    expect(readPushMessage({ ...payload, eventId: '7' })?.eventId).toBeNull();
  });

  it('shows nothing without a title, and opens only paths of this app', () => {
    expect(readPushMessage({ body: 'x' })).toBeNull();
    expect(readPushMessage('text')).toBeNull();
    expect(readPushMessage({ ...payload, url: 'https://evil.example/' })?.url).toBe('/');
    expect(readPushMessage({ ...payload, url: '//evil.example/' })?.url).toBe('/');
  });
});

describe('notificationOptions', () => {
  it("offers 'Jeg ser på det' only with an action token", () => {
    const message = readPushMessage(payload);
    if (!message) throw new Error('no message');
    expect(notificationOptions(message).actions.map((a) => a.title)).toEqual(['Jeg ser på det', 'Åpne']);
    expect(notificationOptions({ ...message, actionToken: null }).actions.map((a) => a.title)).toEqual([
      'Åpne',
    ]);
    expect(notificationOptions(message)).toMatchObject({
      tag: 'bay:b1',
      requireInteraction: true,
      renotify: true,
    });
  });

  it('says in Norwegian what came of the acknowledgement', () => {
    const message = readPushMessage(payload);
    if (!message) throw new Error('no message');
    expect(acknowledgedNotice(message, { ok: true, message: 'Alarmen er kvittert' }).title).toBe('Kvittert');
    const failed = acknowledgedNotice(message, { ok: false, message: null });
    expect(failed.title).toBe('Kunne ikke kvittere');
    expect(failed.options.body).toBe('Ingen forbindelse. Åpne appen og prøv igjen.');
  });
});

describe('createShownEvents', () => {
  const message = readPushMessage(payload);
  if (!message) throw new Error('no message');
  /** Delivers `eventId` and answers whether it was shown; `fail` makes showing it reject. */
  const deliverer = (limit?: number) => {
    const shown = createShownEvents(limit);
    return async (eventId: number | null, fail = false): Promise<boolean> => {
      let called = false;
      await shown.showOnce({ ...message, eventId }, async () => {
        called = true;
        if (fail) throw new TypeError('No notification permission has been granted for this origin.');
      });
      return called;
    };
  };

  it('shows an event once, however often it is delivered; a message without an event id always', async () => {
    const deliver = deliverer(2);
    expect(await deliver(7)).toBe(true);
    expect(await deliver(7)).toBe(false);
    expect(await deliver(8)).toBe(true);
    expect(await deliver(null)).toBe(true);
    expect(await deliver(null)).toBe(true);
    // Only the last two are kept: 7 has gone when 9 comes.
    expect(await deliver(9)).toBe(true);
    expect(await deliver(7)).toBe(true);
    expect(await deliver(9)).toBe(false);
  });

  it('shows again an event whose showing failed: the push service delivers it again for that', async () => {
    const deliver = deliverer();
    await expect(deliver(7, true)).rejects.toThrow(TypeError);
    expect(await deliver(7)).toBe(true);
    expect(await deliver(7)).toBe(false);
  });

  it('drops a repeat that comes while the first delivery is still being shown', async () => {
    const shown = createShownEvents();
    let finish = () => {};
    const calls: string[] = [];
    const first = shown.showOnce(message, () => {
      calls.push('first');
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    await shown.showOnce(message, async () => {
      calls.push('repeat');
    });
    finish();
    await first;
    expect(calls).toEqual(['first']);
  });
});

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { uniqueName } from '../helpers/data';
import { mailsTo, waitForMail } from '../helpers/mail';
import { adminApi } from '../helpers/session';
import { simulatorLocation } from '../helpers/simulator';
import { SIMULATOR_URL } from '../playwright.config';

/*
 * Incidents end to end (docs/domain.md, Incidents; docs/decisions/033-incidents.md): a fault that trips three
 * attributes of one bay at once sends each recipient one e-mail naming all three, and one 'Løst' e-mail when
 * it clears; a webhook receives the same incident id for both. start-server.mjs shortens the group wait
 * (INCIDENT_GROUP_WAIT_MS) so the test does not wait 30 s for it.
 */

/** What the receiver reads of a webhook body (docs/decisions/019-notifications.md, 033-incidents.md). */
type WebhookBody = {
  type: string;
  incident?: { id: string; causes: unknown[]; resolvedAt: string | null; durationSeconds: number | null };
  payload: { locationId?: string };
};

const ATTRIBUTES = [
  { path: 'temperature', name: 'Temperatur', operator: 'gt', critical: '90', warning: '70', active: '0' },
  { path: 'waterPressure', name: 'Vanntrykk', operator: 'lt', critical: '2', warning: '4', active: '100' },
  { path: 'chemicals.soap', name: 'Såpenivå', operator: 'lte', critical: '5', warning: '15', active: '100' },
] as const;

/**
 * A facility with one bay bound to three values of a simulator bay, and two custom addresses told of its
 * critical incidents. Set up through the API: it is not what this test is about.
 */
async function setUp(request: APIRequestContext) {
  const simulator = await simulatorLocation(request);
  const key = simulator.bays[1]?.key;
  if (!key) throw new Error('Simulatoren har ikke to vaskehaller');
  const api = await adminApi(request);
  const connection = await api<{ id: string }>('POST', 'backend/apis/create', {
    name: uniqueName('Kontroller'),
    endpointUrl: simulator.endpointUrl,
    checkInterval: 30,
  });
  const metric = await api<{ id: string }>('POST', 'backend/apis/metrics/create', {
    apiId: connection.id,
    name: uniqueName('Hallverdier'),
    description: 'Temperatur, trykk og såpe i hallen',
    keyIdentifier: 'bayId',
    targetKeys: ATTRIBUTES.map((a) => a.path),
  });
  const locationName = uniqueName('Hendelse');
  const location = await api<{ id: string }>('POST', 'backend/locations/create', {
    name: locationName,
    address: 'Testveien 4',
    postalCode: '0150',
    city: 'Oslo',
  });
  const bayName = uniqueName('Hall');
  const bay = await api<{ id: string }>('POST', 'backend/bays/create', {
    locationId: location.id,
    name: bayName,
    status: 'operational',
  });
  for (const a of ATTRIBUTES) {
    await api('POST', 'backend/bays/metrics/create', {
      bayId: bay.id,
      apiMetricId: metric.id,
      keyValue: key,
      path: a.path,
      displayName: a.name,
      type: 'number',
      operator: a.operator,
      thresholdCritical: a.critical,
      thresholdWarning: a.warning,
      thresholdActive: a.active,
      thresholdInactive: '',
    });
  }
  const recipients = [0, 1].map(
    () =>
      `${uniqueName('vakt')
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '')}@example.no`,
  );
  for (const email of recipients) {
    await api('POST', 'backend/settings/notifications/create', {
      recipient: { kind: 'custom', name: 'Vakt Hendelse', email },
      tags: ['critical'],
      allLocations: false,
      locationIds: [location.id],
    });
  }
  return { simulator, key, location: { id: location.id, name: locationName }, bayName, recipients };
}

/** A webhook receiver on 127.0.0.1 (start-server.mjs sets ALLOW_LOOPBACK_TARGETS) and the webhook to it. */
async function webhookReceiver(request: APIRequestContext) {
  const received: WebhookBody[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push(JSON.parse(body) as WebhookBody);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const api = await adminApi(request);
  await api('POST', 'backend/webhooks/create', {
    name: uniqueName('Driftskanal'),
    url: `http://127.0.0.1:${port}/hendelser`,
    secret: 'h'.repeat(32),
    tags: ['critical'],
  });
  return { received, close: () => server.close() };
}

test('a fault tripping three attributes of one bay: one e-mail naming all three, one «Løst», one incident id', async ({
  request,
}) => {
  test.setTimeout(240_000);
  const { simulator, key, location, bayName, recipients } = await setUp(request);
  const hook = await webhookReceiver(request);
  const ours = (type: string) => (body: WebhookBody) =>
    body.type === type && body.payload.locationId === location.id;
  try {
    // One fault: the water is hot, the pump has lost its pressure and the soap has run out.
    const response = await request.post(`${SIMULATOR_URL}/control/locations/${simulator.id}/bays/${key}`, {
      data: { temperature: 95, waterPressure: 1.2, 'chemicals.soap': 3 },
    });
    expect(response.ok(), await response.text()).toBe(true);

    for (const to of recipients) {
      const mail = await waitForMail(request, to, { timeoutMs: 90_000, description: 'hendelsen' });
      expect(mail.subject).toBe(`Kritisk: ${location.name} – ${bayName}`);
      expect(mail.text).toContain(`${bayName} har 3 årsaker til varsel.`);
      for (const a of ATTRIBUTES) expect(mail.text).toMatch(new RegExp(`^- ${a.name} .* · kritisk `, 'm'));
    }
    await expect
      .poll(() => hook.received.filter(ours('incident.opened')).length, { timeout: 30_000 })
      .toBe(1);
    const opened = hook.received.find(ours('incident.opened'));
    const incidentId = opened?.incident?.id;
    expect(incidentId).toBeTruthy();
    expect(opened?.incident?.causes).toHaveLength(3);
    for (const to of recipients) {
      expect((await mailsTo(request, to))[0]?.text).toContain(`Hendelse: ${incidentId}`);
    }

    // The fault clears: one 'Løst' with its duration, and the same incident id at the webhook.
    const cleared = await request.delete(`${SIMULATOR_URL}/control/locations/${simulator.id}/bays/${key}`);
    expect(cleared.ok(), await cleared.text()).toBe(true);
    for (const to of recipients) {
      const solved = await waitForMail(request, to, {
        timeoutMs: 90_000,
        where: (m) => m.subject.startsWith('Løst: '),
        description: 'løst',
      });
      expect(solved.subject).toMatch(new RegExp(`^Løst: ${location.name} – ${bayName} \\(varte .+\\)$`));
      expect(solved.text).toContain(`Hendelse: ${incidentId}`);
      // The resolution was queued after the opening: any second e-mail of the fault would be here by now.
      const all = await mailsTo(request, to);
      expect(all.map((m) => m.subject.split(':')[0])).toEqual(['Kritisk', 'Løst']);
    }
    await expect
      .poll(() => hook.received.filter(ours('incident.resolved')).length, { timeout: 30_000 })
      .toBe(1);
    expect(hook.received.find(ours('incident.resolved'))?.incident).toMatchObject({
      id: incidentId,
      resolvedAt: expect.any(String),
      durationSeconds: expect.any(Number),
    });
    expect(hook.received.filter(ours('incident.opened'))).toHaveLength(1);
  } finally {
    hook.close();
  }
});

import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { createUser, type TestUser, uniqueName } from '../helpers/data';
import { type CaughtMail, mailsTo, waitForMail } from '../helpers/mail';
import { adminApi, signIn, tokenFor } from '../helpers/session';
import {
  bindTemperature,
  setTemperature,
  simulatorLocation,
  temperatureAttribute,
  waitForOpenAlert,
} from '../helpers/simulator';
import { pickOption } from '../helpers/ui';

/*
 * Notifications end to end (docs/decisions/019-notifications.md): an admin makes a group a recipient of
 * critical alerts for one facility in the 'Varslinger' page; a bay of that facility turning red e-mails the
 * group's member, naming facility, bay and value, while a red bay of another facility the member also
 * sees sends nothing. An admin adds a webhook to a receiver on 127.0.0.1 (start-server.mjs sets
 * ALLOW_LOOPBACK_TARGETS) and 'Send test' reaches it, signed with the secret the form generated.
 */

test.use({ actionTimeout: 15_000 });

interface CreatedLocation {
  id: string;
  name: string;
  bay: { id: string; name: string; key: string };
}

/**
 * Two facilities, each with one bay bound to its own simulator bay's temperature (critical over 90), both
 * steady; a group whose only member is an operator with access to both. Set up through the API: it is
 * not what this test is about.
 */
async function setUp(request: APIRequestContext) {
  const simulator = await simulatorLocation(request);
  const keys = simulator.bays.slice(0, 2).map((bay) => bay.key);
  expect(keys).toHaveLength(2);
  const api = await adminApi(request);
  const metric = await temperatureAttribute(request, simulator);
  const locations: CreatedLocation[] = [];
  for (const key of keys) {
    const name = uniqueName('Varsel');
    const location = await api<{ id: string }>('POST', 'backend/locations/create', {
      name,
      address: 'Testveien 3',
      postalCode: '0150',
      city: 'Oslo',
    });
    const bayName = uniqueName('Hall');
    const bay = await api<{ id: string }>('POST', 'backend/bays/create', {
      locationId: location.id,
      name: bayName,
      status: 'operational',
    });
    await bindTemperature(request, { bayId: bay.id, apiMetricId: metric.id, key });
    locations.push({ id: location.id, name, bay: { id: bay.id, name: bayName, key } });
  }
  const member: TestUser = await createUser(request, await tokenFor(request), { role: 'operator' });
  for (const location of locations) {
    await api('POST', 'backend/users/access/create', { userId: member.id, locationId: location.id });
  }
  const groupName = uniqueName('Vakt');
  await api('POST', 'backend/groups/create', {
    name: groupName,
    description: 'Får kritiske varsler',
    config: { color: '#F1416C' },
    members: [member.id],
  });
  const [watched, other] = locations as [CreatedLocation, CreatedLocation];
  return { simulator, watched, other, member, groupName };
}

test('a group told of critical alerts at one facility gets the e-mail from there, and nothing from another', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { simulator, watched, other, member, groupName } = await setUp(request);

  // The admin makes the group a recipient of critical alerts for the watched facility only.
  await signIn(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Varslinger' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/notifications$/);
  await expect(page.getByRole('heading', { name: 'Varslinger', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Ny mottaker' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ny mottaker' });
  await dialog.getByText('Gruppe', { exact: true }).click();
  await pickOption(dialog, 'Gruppe', groupName, groupName);
  await expect(dialog.getByRole('checkbox', { name: 'Kritisk' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Valgte anlegg' }).check();
  await dialog.getByRole('button', { name: 'Legg til mottaker' }).click();
  await expect(dialog.getByText('Velg minst ett anlegg, eller alle anlegg')).toBeVisible();
  await pickOption(dialog, 'Velg anlegg', watched.name, watched.name);
  // A multi-select stays open for the next pick; a person clicks elsewhere in the form to close it.
  await dialog.getByRole('heading', { name: 'Ny mottaker' }).click();
  await dialog.getByRole('button', { name: 'Legg til mottaker' }).click();
  await expect(page.getByText(`${groupName} er lagt til som mottaker`)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(groupName) });
  await expect(row.getByText('Gruppe', { exact: true })).toBeVisible();
  await expect(row.getByText('Kritisk', { exact: true })).toBeVisible();
  await expect(row.getByText(watched.name)).toBeVisible();

  // The other facility's bay turns red first: its alert opens, and the member is told nothing.
  await setTemperature(request, simulator, other.bay.key, 96);
  await waitForOpenAlert(request, other.bay.id);

  // Then the watched facility's bay: the member gets the e-mail, naming facility, bay and value.
  await setTemperature(request, simulator, watched.bay.key, 95);
  await waitForOpenAlert(request, watched.bay.id);
  const mail = await waitForMail(request, member.email, { timeoutMs: 30_000 });
  expect(`${mail.subject}\n${mail.text}`).toContain(watched.name);
  expect(mail.text).toContain(watched.bay.name);
  expect(mail.text).toContain('95');

  // Events are dispatched oldest first, so the other facility's alert was dispatched with the watched one or
  // before it, and an e-mail of it would have been queued no later. One queued after the watched e-mail came
  // (the member's password link) is sent after it: once that link is here, so would that e-mail be.
  const link = await request.post('/auth/v1/recover', { data: { email: member.email } });
  expect(link.ok(), await link.text()).toBe(true);
  const isLink = (message: CaughtMail) => message.subject.includes('Tilbakestill passordet');
  await waitForMail(request, member.email, { where: isLink, description: 'lenken for nytt passord' });
  const all = (await mailsTo(request, member.email)).filter((message) => !isLink(message));
  expect(all).toHaveLength(1);
  expect(all.some((message) => message.text.includes(other.name))).toBe(false);

  await setTemperature(request, simulator, other.bay.key, 20);
  await setTemperature(request, simulator, watched.bay.key, 20);
});

test("an admin adds a webhook and 'Send test' reaches the receiver, signed with the generated secret", async ({
  page,
}) => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;

  try {
    await signIn(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(/\/integrations\/webhooks$/);
    await expect(page.getByText('X-Vaskedrift-Signature: sha256=')).toBeVisible();

    const name = uniqueName('Mottaker');
    await page.getByRole('button', { name: 'Ny webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ny webhook' });
    await dialog.getByLabel('Navn').fill(name);
    await dialog.getByLabel('URL').fill(`http://127.0.0.1:${port}/vaskedrift`);
    await dialog.getByRole('button', { name: 'Legg til webhook' }).click();
    await expect(dialog.getByText('Hemmelighet er påkrevd')).toBeVisible();
    await dialog.getByRole('button', { name: 'Generer' }).click();
    const secret = await dialog.getByLabel('Hemmelighet').inputValue();
    expect(secret).toMatch(/^[A-Za-z0-9]{32}$/);
    await dialog.getByRole('button', { name: 'Legg til webhook' }).click();
    await expect(page.getByText(`Webhooken ${name} er lagt til`)).toBeVisible();

    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row.getByRole('switch', { name: `Slå ${name} av eller på` })).toBeChecked();
    await row.getByRole('button', { name: `Send test til ${name}` }).click();
    await expect(page.getByText(`Testmeldingen til ${name} er levert`)).toBeVisible();
    await expect(page.getByText(/HTTP 204 · \d+ ms/)).toBeVisible();

    // The receiver got one `webhook.test`, and the signature checks out with the secret. (A new webhook
    // subscribes to every tag, so other specs' incidents may reach it too: only the test message counts.)
    const tests = received.filter((delivery) => delivery.headers['x-vaskedrift-event'] === 'webhook.test');
    expect(tests).toHaveLength(1);
    const [delivery] = tests;
    const timestamp = String(delivery?.headers['x-vaskedrift-timestamp']);
    const expected = createHmac('sha256', secret).update(`${timestamp}.${delivery?.body}`).digest('hex');
    expect(delivery?.headers['x-vaskedrift-signature']).toBe(`sha256=${expected}`);
    expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({ type: 'webhook.test' });

    // The delivery log lists the attempt.
    await row.getByRole('button', { name: `Leveranser for ${name}` }).click();
    const log = page.getByRole('dialog', { name: `Leveranser – ${name}` });
    await expect(log.getByRole('cell', { name: 'webhook.test' })).toBeVisible();
  } finally {
    receiver.close();
  }
});

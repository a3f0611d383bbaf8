import { type APIRequestContext, expect } from '@playwright/test';
import { SIMULATOR_URL } from '../playwright.config';
import { uniqueName } from './data';
import { adminApi } from './session';

/** A facility of the controller simulator that start-server.mjs runs beside the server. */
export interface SimulatorLocation {
  id: string;
  endpointUrl: string;
  auth: { kind: string };
  keyIdentifier: string;
  bays: { key: string; name: string }[];
}

/**
 * Shape A without auth (`anlegg-001`): records in `bays`, keyed by `bayId`, with a `temperature`. The
 * simulator is reset to its steady values first.
 */
export async function simulatorLocation(request: APIRequestContext): Promise<SimulatorLocation> {
  const response = await request.post(`${SIMULATOR_URL}/control/reset`);
  expect(response.ok()).toBe(true);
  const locations = (await (await request.get(`${SIMULATOR_URL}/control/locations`)).json()) as
    | SimulatorLocation[]
    | { data?: SimulatorLocation[]; locations?: SimulatorLocation[] };
  const list = Array.isArray(locations) ? locations : (locations.locations ?? locations.data ?? []);
  const simulated = list.find((f) => f.auth.kind === 'none' && f.keyIdentifier === 'bayId');
  if (!simulated) throw new Error('Simulatoren har ikke et anlegg med form A uten autentisering');
  return simulated;
}

/** The temperature the simulator reports for one of its bays from now on. */
export async function setTemperature(
  request: APIRequestContext,
  simulated: SimulatorLocation,
  bayKey: string,
  temperature: number,
) {
  const response = await request.post(`${SIMULATOR_URL}/control/locations/${simulated.id}/bays/${bayKey}`, {
    data: { temperature },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Polls the server until the bay has an open alert (a check runs at the latest 30 s after it is due). */
export async function waitForOpenAlert(request: APIRequestContext, bayId: string) {
  const api = await adminApi(request);
  await expect(async () => {
    const alerts = await api<unknown[]>('POST', 'backend/alerts/get', {
      page: 1,
      perPage: 10,
      filters: { bayId, state: 'open' },
    });
    expect(alerts).toHaveLength(1);
  }).toPass({ timeout: 70_000, intervals: [1_000, 2_000, 5_000] });
}

/**
 * An API connection to the simulator facility (checked every 30 s) with its temperature attribute, made
 * through the API; `attribute` is the attribute's unique name.
 */
export async function temperatureAttribute(request: APIRequestContext, simulated: SimulatorLocation) {
  const api = await adminApi(request);
  const connection = await api<{ id: string }>('POST', 'backend/apis/create', {
    name: uniqueName('Kontroller'),
    endpointUrl: simulated.endpointUrl,
    checkInterval: 30,
  });
  const attribute = uniqueName('Temperatur');
  const metric = await api<{ id: string }>('POST', 'backend/apis/metrics/create', {
    apiId: connection.id,
    name: attribute,
    description: 'Vanntemperatur i hallen',
    keyIdentifier: 'bayId',
    targetKeys: ['temperature'],
  });
  return { id: metric.id, attribute };
}

/** Binds a bay to a simulator bay's temperature through the API: critical over 90, a warning over 70. */
export async function bindTemperature(
  request: APIRequestContext,
  { bayId, apiMetricId, key }: { bayId: string; apiMetricId: string; key: string },
) {
  const api = await adminApi(request);
  await api('POST', 'backend/bays/metrics/create', {
    bayId,
    apiMetricId,
    keyValue: key,
    path: 'temperature',
    type: 'number',
    operator: 'gt',
    thresholdCritical: '90',
    thresholdWarning: '70',
    thresholdActive: '0',
    thresholdInactive: '',
  });
}

export interface CriticalLocation {
  locationId: string;
  locationName: string;
  /** The API attribute, named apart from other tests' 'Temperatur' (they pick theirs by name). */
  attribute: string;
  bays: { id: string; name: string }[];
}

/**
 * A facility named after `prefix` with `bayCount` bays ('Vaskehall 1', …), each bound to a simulator
 * bay's temperature (critical over 90), all reporting 95, and waits until each has its open alert (so
 * its tile is red). Set up through the API: it is not what the tests are about.
 */
export async function criticalLocation(
  request: APIRequestContext,
  prefix: string,
  bayCount: number,
): Promise<CriticalLocation> {
  const simulated = await simulatorLocation(request);
  const keys = simulated.bays.slice(0, bayCount).map((bay) => bay.key);
  expect(keys).toHaveLength(bayCount);
  for (const key of keys) await setTemperature(request, simulated, key, 95);

  const api = await adminApi(request);
  const locationName = uniqueName(prefix);
  const location = await api<{ id: string }>('POST', 'backend/locations/create', {
    name: locationName,
    address: 'Testveien 2',
    postalCode: '0150',
    city: 'Oslo',
  });
  const { id: apiMetricId, attribute } = await temperatureAttribute(request, simulated);
  const bays: { id: string; name: string }[] = [];
  for (const [index, key] of keys.entries()) {
    const name = `Vaskehall ${index + 1}`;
    const bay = await api<{ id: string }>('POST', 'backend/bays/create', {
      locationId: location.id,
      name,
      status: 'operational',
    });
    await bindTemperature(request, { bayId: bay.id, apiMetricId, key });
    bays.push({ id: bay.id, name });
  }
  for (const bay of bays) await waitForOpenAlert(request, bay.id);
  return { locationId: location.id, locationName, attribute, bays };
}

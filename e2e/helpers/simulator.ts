import { type APIRequestContext, expect } from '@playwright/test';
import { SIMULATOR_URL } from '../playwright.config';
import { adminApi } from './session';

/** A facility of the controller simulator that start-server.mjs runs beside the server. */
export interface SimulatorFacility {
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
export async function simulatorFacility(request: APIRequestContext): Promise<SimulatorFacility> {
  const response = await request.post(`${SIMULATOR_URL}/control/reset`);
  expect(response.ok()).toBe(true);
  const facilities = (await (await request.get(`${SIMULATOR_URL}/control/facilities`)).json()) as
    | SimulatorFacility[]
    | { data?: SimulatorFacility[]; facilities?: SimulatorFacility[] };
  const list = Array.isArray(facilities) ? facilities : (facilities.facilities ?? facilities.data ?? []);
  const facility = list.find((f) => f.auth.kind === 'none' && f.keyIdentifier === 'bayId');
  if (!facility) throw new Error('Simulatoren har ikke et anlegg med form A uten autentisering');
  return facility;
}

/** The temperature the simulator reports for one of its bays from now on. */
export async function setTemperature(
  request: APIRequestContext,
  facility: SimulatorFacility,
  bayKey: string,
  temperature: number,
) {
  const response = await request.post(`${SIMULATOR_URL}/control/facilities/${facility.id}/bays/${bayKey}`, {
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

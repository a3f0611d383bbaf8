import { type APIRequestContext, expect } from '@playwright/test';
import { SIMULATOR_URL } from '../playwright.config';

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

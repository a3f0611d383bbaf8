import type { TestContext } from './helpers';
import { caller, createBay, createLocation } from './locations';

/**
 * What the bay-attribute tests build on: an admin, a disabled API with one API attribute, a facility with
 * one bay, and `body`, a valid bay attribute on that bay and API attribute.
 */
export async function attributeSetting(ctx: TestContext) {
  const admin = await caller(ctx, 'admin');
  const apiId: string = (
    await admin.post('backend/apis/create', {
      name: 'Kasse Oslo',
      endpointUrl: 'http://10.0.0.9/s',
      status: 'disabled',
    })
  ).json().data.id;
  const apiMetricId: string = (
    await admin.post('backend/apis/metrics/create', {
      apiId,
      name: 'Hallverdier',
      description: 'Verdier per hall',
      keyIdentifier: 'bayId',
      targetKeys: ['temperature', 'doorOpen'],
    })
  ).json().data.id;
  const locationId = await createLocation(admin, { name: 'Attributt Anlegg' });
  const bayId = await createBay(admin, locationId, { name: 'Hall A' });
  const body = (overrides: Record<string, unknown> = {}) => ({
    bayId,
    apiMetricId,
    keyValue: 'hall-1',
    path: 'temperature',
    type: 'number',
    operator: 'gt',
    thresholdCritical: '90',
    thresholdWarning: '70',
    thresholdInactive: '',
    thresholdActive: '0',
    ...overrides,
  });
  return { admin, apiId, apiMetricId, locationId, bayId, body };
}

export type AttributeSetting = Awaited<ReturnType<typeof attributeSetting>>;

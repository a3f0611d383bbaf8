import type { TestContext } from './helpers';
import { type ApiClient, createBay, createLocation } from './locations';

/**
 * One number attribute on its own API, facility and bay, as an admin makes it: its id, series number and
 * API key (what its readings are filed under).
 */
export async function numberAttribute(
  ctx: TestContext,
  admin: ApiClient,
  o: { name: string; path: string; operator: 'gt' | 'lt'; critical: string; warning: string; active: string },
): Promise<{ bayMetricId: string; series: number; apiKey: number }> {
  const apiId = (
    await admin.post('backend/apis/create', { name: `Kasse ${o.name}`, endpointUrl: 'http://10.0.0.9/s' })
  ).json().data.id;
  const apiMetricId = (
    await admin.post('backend/apis/metrics/create', {
      apiId,
      name: o.name,
      description: o.name,
      keyIdentifier: 'id',
      targetKeys: o.path,
    })
  ).json().data.id;
  const bayId = await createBay(admin, await createLocation(admin, { name: `${o.name} Anlegg` }));
  const bayMetricId = (
    await admin.post('backend/bays/metrics/create', {
      bayId,
      apiMetricId,
      keyValue: 'a',
      path: o.path,
      type: 'number',
      operator: o.operator,
      thresholdCritical: o.critical,
      thresholdWarning: o.warning,
      thresholdInactive: '',
      thresholdActive: o.active,
    })
  ).json().data.id as string;
  const { rows } = await ctx.database.pool.query(
    `select bm.series, a.key from bay_metrics bm join api_metrics am on am.id = bm.api_metric_id
     join apis a on a.id = am.api_id where bm.id = $1`,
    [bayMetricId],
  );
  return { bayMetricId, series: rows[0].series, apiKey: rows[0].key };
}

import type { AlertEventPayload } from '../src/modules/notifications';

/*
 * Apart from notify.ts, which needs the test context: bench/web-push.ts records the same alert, and a bench
 * does not run inside vitest.
 */

/** An alert payload on a bay, as the status engine records it. */
export function alertPayload(p: { locationId: string; bayId: string }): AlertEventPayload {
  return {
    ...p,
    locationName: 'Vask Bryn',
    bayName: 'Hall 1',
    attributeName: 'Vanntrykk',
    path: 'pressure',
    type: 'number',
    unit: 'bar',
    trueLabel: null,
    falseLabel: null,
    level: 'critical',
    previousLevel: 'active',
    value: 1.2,
    threshold: '2',
    operator: 'lt',
    reason: 'kritisk: 1.2 < 2',
    at: new Date().toISOString(),
  };
}

import { type BayStatus, byWorstLevel } from '@vaskedrift/shared';
import { useEffect, useState } from 'react';
import { PredictionText } from '../../../components/bay-metric-foresight';
import { useBayMetrics } from '../../../lib/queries/get-bay-metrics';
import { useValueFormat } from '../../../lib/value-format';
import classes from './dashboard.module.css';

/** A tile pointed at this long is read; passing over the grid asks nothing. */
const SETTLE_MS = 250;
/** Statuses an attribute is the cause of. */
const CAUSED: readonly BayStatus[] = ['error', 'warning', 'inactive'];

/**
 * Why a bay has its status, in the hover card: its worst attribute as a person reads it (docs/domain.md,
 * Words) — 'Vanntrykk 1,2 bar · kritisk under 2 bar' — and the soonest expected crossing ('Forventet
 * kritisk om ca. 40 min', docs/domain.md, Foresight). Asked for only once the tile has been pointed at for
 * a moment.
 */
export function HoverCause({ bayId, status }: { bayId: string; status: BayStatus }) {
  const format = useValueFormat();
  const caused = CAUSED.includes(status);
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(bayId), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [bayId]);
  const metrics = useBayMetrics(
    { page: 1, perPage: 100, filters: { bayId } },
    { enabled: settled === bayId },
  );
  // The previous bay's answer is kept while this one's loads: only this bay's rows count.
  const rows = (metrics.data?.data ?? []).filter((m) => m.bayId === bayId && m.evaluated);
  const worst = caused
    ? rows.filter((m) => m.lastLevel !== null && m.lastLevel !== 'active').sort(byWorstLevel)[0]
    : undefined;
  const predicted = rows
    .flatMap((m) => (m.prediction ? [m.prediction] : []))
    .sort((a, b) =>
      a.level === b.level ? a.expectedAt.localeCompare(b.expectedAt) : a.level === 'critical' ? -1 : 1,
    )[0];
  if (!worst && !predicted) return null;
  return (
    <>
      {worst && (
        <div className={classes.hoverSince} data-cause>
          {format.describe({
            labels: worst.display,
            type: worst.type,
            operator: worst.operator,
            thresholds: worst,
            level: worst.lastLevel,
            value: worst.lastValue,
          })}
        </div>
      )}
      {predicted && (
        <div className={classes.hoverSince}>
          <PredictionText prediction={predicted} size="xs" />
        </div>
      )}
    </>
  );
}

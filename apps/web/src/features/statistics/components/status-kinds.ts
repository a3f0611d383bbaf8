import { type AttributeLevel, BAY_STATUSES, type BayStatus } from '@vaskedrift/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The bay statuses for a timeline: the dashboard tiles' colours and names. */
export function useStatusKinds() {
  const { t } = useTranslation();
  return useMemo(
    () =>
      BAY_STATUSES.map((status: BayStatus) => ({
        kind: status,
        label: t(`bays.status.${status}`),
        color: (theme: { status: Record<BayStatus, string> }) => theme.status[status],
      })),
    [t],
  );
}

const LEVELS: readonly AttributeLevel[] = ['critical', 'warning', 'inactive', 'nodata', 'active'];

/** The attribute levels for a timeline of a text attribute: the level badges' colours and names. */
export function useLevelKinds() {
  const { t } = useTranslation();
  return useMemo(
    () =>
      LEVELS.map((level) => ({
        kind: level,
        label: t(`bayMetrics.levels.${level}`),
        color: (theme: { level: Record<AttributeLevel, string> }) => theme.level[level],
      })),
    [t],
  );
}

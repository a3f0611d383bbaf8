import { IconBellOff } from '@tabler/icons-react';
import type { BayStatus } from '@vaskedrift/shared';
import { memo } from 'react';
import {
  BAY_ID,
  BAY_MUTED,
  BAY_NAME,
  BAY_SINCE,
  BAY_STATUS,
  type DashboardLocation,
  locationCounts,
  sameLocation,
  tileNames,
} from '../dashboard-model';
import '../../../components/bay-status/bay-status.css';
import classes from './dashboard.module.css';

/** The texts a card needs, made once per language by the page (a card never calls `t`). */
export interface FacilityCardTexts {
  status: Record<BayStatus, string>;
  bays: (count: number) => string;
  noBays: string;
  tilesLabel: (name: string) => string;
}

/** The page's texts and the muted mark's 'Varsler dempet' (added by the grid). */
export type TileTexts = FacilityCardTexts & { muted: string };

interface FacilityCardProps {
  location: DashboardLocation;
  /** Admins open the facility's page from its name. */
  canOpen: boolean;
  texts: TileTexts;
}

/**
 * One facility and its bays as tiles: each tile a button that opens the bay panel (the grid handles the
 * clicks), labelled with the part of its name that tells it apart (`tileNames`). Plain elements, no Mantine components: 10,000 tiles must render
 * fast. Memoised by content, so a refetch that changed nothing else leaves the card alone.
 */
function FacilityCardView({ location, canOpen, texts }: FacilityCardProps) {
  const headingId = `facility-${location.id}`;
  const counts = locationCounts(location);
  const names = tileNames(location);
  return (
    <section
      className={classes.facility}
      aria-labelledby={headingId}
      data-location-id={location.id}
      data-location-name={location.name}
    >
      <header className={classes.facilityHeader}>
        <h3 className={classes.facilityName} id={headingId}>
          {canOpen ? <a href={`/locations/${location.id}`}>{location.name}</a> : location.name}
        </h3>
        <div className={classes.facilityMeta}>
          <span>{texts.bays(location.bays.length)}</span>
          {counts
            .filter(({ status }) => status !== 'operational')
            .map(({ status, count }) => (
              <span
                key={status}
                className={classes.countPill}
                data-bay-status={status}
                title={texts.status[status]}
              >
                {count}
                <span className={classes.srOnly}> {texts.status[status]}</span>
              </span>
            ))}
        </div>
      </header>
      {location.bays.length === 0 ? (
        <p className={classes.noBays}>{texts.noBays}</p>
      ) : (
        // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls; this groups tiles under a name
        <div className={classes.tiles} role="group" aria-label={texts.tilesLabel(location.name)}>
          {location.bays.map((bay, index) => {
            const muted = bay[BAY_MUTED];
            const label = `${bay[BAY_NAME]}: ${texts.status[bay[BAY_STATUS]]}`;
            return (
              <button
                key={bay[BAY_ID]}
                type="button"
                className={classes.tile}
                data-bay-status={bay[BAY_STATUS]}
                data-bay={bay[BAY_ID]}
                data-since={bay[BAY_SINCE]}
                data-name={bay[BAY_NAME]}
                data-muted={muted || undefined}
                aria-label={muted ? `${label}, ${texts.muted}` : label}
              >
                {names[index]}
                {muted && (
                  <span className={classes.mutedMark} title={texts.muted}>
                    <IconBellOff size={12} stroke={2.2} aria-hidden />
                  </span>
                )}
              </button>
            );
          })}
        </div>
      )}
    </section>
  );
}

export const FacilityCard = memo(
  FacilityCardView,
  (prev, next) =>
    prev.canOpen === next.canOpen && prev.texts === next.texts && sameLocation(prev.location, next.location),
);

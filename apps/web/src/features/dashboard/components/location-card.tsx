import { IconBellOff, IconEyeOff } from '@tabler/icons-react';
import type { BayStatus } from '@vaskedrift/shared';
import { memo } from 'react';
import {
  BAY_ID,
  BAY_MONITORED,
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
export interface LocationCardTexts {
  status: Record<BayStatus, string>;
  bays: (count: number) => string;
  noBays: string;
  tilesLabel: (name: string) => string;
}

/** The page's texts, the muted mark's 'Varsler dempet' and 'Ikke overvåket' (added by the grid). */
type TileTexts = LocationCardTexts & { muted: string; unmonitored: string };

interface LocationCardProps {
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
function LocationCardView({ location, canOpen, texts }: LocationCardProps) {
  const headingId = `location-${location.id}`;
  const counts = locationCounts(location);
  const names = tileNames(location);
  return (
    <section
      className={classes.location}
      aria-labelledby={headingId}
      data-location-id={location.id}
      data-location-name={location.name}
    >
      <header className={classes.locationHeader}>
        <h3 className={classes.locationName} id={headingId}>
          {canOpen ? <a href={`/locations/${location.id}`}>{location.name}</a> : location.name}
        </h3>
        <div className={classes.locationMeta}>
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
            const unmonitored = !bay[BAY_MONITORED];
            const label = [
              `${bay[BAY_NAME]}: ${texts.status[bay[BAY_STATUS]]}`,
              unmonitored && texts.unmonitored,
              muted && texts.muted,
            ]
              .filter(Boolean)
              .join(', ');
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
                data-monitored={unmonitored ? 'false' : undefined}
                aria-label={label}
              >
                {unmonitored && (
                  <span className={classes.unmonitoredMark} title={texts.unmonitored}>
                    <IconEyeOff size={12} stroke={2.2} aria-hidden />
                  </span>
                )}
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

export const LocationCard = memo(
  LocationCardView,
  (prev, next) =>
    prev.canOpen === next.canOpen && prev.texts === next.texts && sameLocation(prev.location, next.location),
);

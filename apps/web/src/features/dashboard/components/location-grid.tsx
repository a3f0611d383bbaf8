import { useNavigate } from '@tanstack/react-router';
import {
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  useDeferredValue,
  useMemo,
  useRef,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  type DashboardLocation,
  estimatedBlockHeight,
  inBlocks,
  LOCATIONS_PER_BLOCK,
} from '../dashboard-model';
import { BayHoverCard, type BayHoverCardHandle } from './bay-hover-card';
import classes from './dashboard.module.css';
import { LocationCard, type LocationCardTexts } from './location-card';

/** Blocks rendered before the first paint: two blocks of 12 cover the first screens. */
const FIRST_BLOCKS = 2;

function tileOf(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>('[data-bay]') : null;
}

/**
 * Every facility card, in blocks the browser skips while they are off screen (`content-visibility:
 * auto`, with an estimated height until laid out once). Events are handled once here for all tiles: hovering a tile with a mouse or
 * focusing it from the keyboard shows the shared hover card, pressing one opens the bay panel, and a plain click on a facility's name
 * navigates inside the app (a modified click still opens a new tab, as links do).
 */
export function LocationGrid({
  locations,
  canOpen,
  texts,
  onOpenBay,
}: {
  locations: DashboardLocation[];
  canOpen: boolean;
  texts: LocationCardTexts;
  /** A tile was pressed (click, Enter or Space: each tile is a button). */
  onOpenBay: (bayId: string) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tileTexts = useMemo(
    () => ({ ...texts, muted: t('dashboard.location.muted'), unmonitored: t('monitoring.unmonitored') }),
    [texts, t],
  );
  const hoverCard = useRef<BayHoverCardHandle>(null);
  const blocks = useMemo(() => inBlocks(locations, LOCATIONS_PER_BLOCK), [locations]);
  // The first screenful renders at once; the rest follows as a background render that React splits
  // into short slices, so 10,000 tiles never block input for the whole render.
  const firstBlocks = useMemo(() => blocks.slice(0, FIRST_BLOCKS), [blocks]);
  const shownBlocks = useDeferredValue(blocks, firstBlocks);

  // A hover card for a mouse and for keyboard focus only: a tap on a touch screen fires pointerover and
  // focuses the tile too, and the card would stay open over the tiles after the panel closes.
  const show = (event: PointerEvent | FocusEvent) => {
    const tile = tileOf(event.target);
    const hovered = 'pointerType' in event && event.pointerType === 'mouse';
    const keyboard = event.type === 'focus' && tile?.matches(':focus-visible');
    if (tile && (hovered || keyboard)) hoverCard.current?.show(tile);
    else hoverCard.current?.hide();
  };
  const hide = (event: PointerEvent | FocusEvent) => {
    const next = tileOf(event.relatedTarget);
    if (!next) hoverCard.current?.hide();
  };

  const onClick = (event: MouseEvent) => {
    const bayId = tileOf(event.target)?.dataset.bay;
    if (bayId) {
      hoverCard.current?.hide();
      onOpenBay(bayId);
      return;
    }
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = event.target instanceof Element ? event.target.closest('a') : null;
    const locationId = anchor?.closest<HTMLElement>('[data-location-id]')?.dataset.locationId;
    if (!anchor || !locationId) return;
    event.preventDefault();
    hoverCard.current?.hide();
    void navigate({ to: '/locations/$locationId', params: { locationId } });
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: delegates the links' clicks and the tiles' hover; each tile is its own button
    // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users press the tiles and links themselves; this only routes the click
    <div
      className={classes.locations}
      onClick={onClick}
      onPointerOver={show}
      onPointerOut={hide}
      onFocus={show}
      onBlur={hide}
      onWheel={() => hoverCard.current?.hide()}
    >
      {shownBlocks.map((block) => (
        // Keyed by its first facility: a refetch with the same facilities keeps every block.
        <div
          key={block[0]?.id}
          className={classes.block}
          style={{ containIntrinsicSize: `auto ${estimatedBlockHeight(block)}px` }}
        >
          {block.map((location) => (
            <LocationCard key={location.id} location={location} canOpen={canOpen} texts={tileTexts} />
          ))}
        </div>
      ))}
      <BayHoverCard ref={hoverCard} />
    </div>
  );
}

import { type ComponentType, useEffect, useReducer, useSyncExternalStore } from 'react';
import { markFirstPageDrawn, whenFirstPageDrawn } from '../../lib/first-page';
import { type TakeEarly, UserMenuTarget, useUserIdentity } from './user-menu-target';

/*
 * The user menu after the first page (decision 040): its button is drawn at once, and the menu (Mantine's
 * Menu with its popover and floating-ui, about 26 KiB) takes the button over when its code is in. No tap is
 * lost on the way: a tap on the button before then fetches the menu at once and opens it as it comes; the
 * menu never takes the button over while it is pressed (a press that began on one button and ended on
 * another would click neither); and focus on the button stays on it.
 */

type Props = { takeEarly: TakeEarly };

let menu: ComponentType<Props> | undefined;
let loading: Promise<void> | undefined;
/** Loads the menu's code (again, after a failed load). */
function loadMenu(): Promise<void> {
  loading ??= import('./user-menu').then(
    (module) => {
      menu = module.UserMenu;
    },
    () => {
      loading = undefined;
    },
  );
  return loading;
}

/** What happened to the button before the menu took it over. */
const early = { pressed: false, tapped: false, focused: false };
let releaseTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
function setPressed(pressed: boolean) {
  clearTimeout(releaseTimer);
  if (early.pressed === pressed) return;
  early.pressed = pressed;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
/** A press ends with its click; one that never clicks (moved away, cancelled) lets go after this. */
const CLICK_AFTER_RELEASE_MS = 500;

function UserMenuPlaceholder({ onLoaded }: { onLoaded: () => void }) {
  const { role, fullName, initials } = useUserIdentity();
  const release = () => {
    clearTimeout(releaseTimer);
    releaseTimer = setTimeout(() => setPressed(false), CLICK_AFTER_RELEASE_MS);
  };
  return (
    <UserMenuTarget
      fullName={fullName}
      initials={initials}
      role={role}
      onPointerDown={() => setPressed(true)}
      onPointerUp={release}
      onPointerCancel={release}
      onFocus={() => {
        early.focused = true;
      }}
      onBlur={() => {
        early.focused = false;
      }}
      onClick={() => {
        early.tapped = true;
        setPressed(false);
        markFirstPageDrawn();
        void loadMenu().then(onLoaded);
      }}
    />
  );
}

/** The user's button in the header; its menu comes after the first page. */
export function DeferredUserMenu() {
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  const pressed = useSyncExternalStore(subscribe, () => early.pressed);
  useEffect(() => {
    if (!menu) void whenFirstPageDrawn().then(loadMenu).then(loaded);
  }, []);
  const Menu = menu;
  if (!Menu || pressed) return <UserMenuPlaceholder onLoaded={loaded} />;
  return <Menu takeEarly={takeEarly} />;
}

const takeEarly: TakeEarly = () => {
  const { tapped, focused } = early;
  early.tapped = false;
  early.focused = false;
  return { tapped, focused };
};

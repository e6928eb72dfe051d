import { type ChangeEvent, type ReactNode, startTransition, useCallback, useEffect, useRef, useState } from "react";
import { Form, NavLink, useLocation, useNavigate, useRouteLoaderData } from "react-router";
import { useHydrated } from "../hydrated.ts";
import type { RootData } from "../meta.ts";
import { SITE_LABEL, SITE_NAME } from "../site.ts";
import { Link } from "./link.tsx";

/** SPEC.md §9: the badge shows the count, and '9+' above 9. */
export function badgeText(count: number): string {
  return count > 9 ? "9+" : String(count);
}

/**
 * A link's count (nothing at 0), named by hidden text ("Notifications, 3 unread") rather than aria-label, so
 * the visible words stay part of the link's name (WCAG 2.5.3); the badge itself is for the eyes only.
 */
export function CountBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <>
      <span className="nav-badge" aria-hidden="true">
        {badgeText(count)}
      </span>
      <span className="visually-hidden">{`, ${count} ${label}`}</span>
    </>
  );
}

/** SPEC.md §9: at this width and below the header's links collapse behind the menu button. */
export const NARROW_SCREEN = "(max-width: 768px)";

/** Whether the window is that narrow now (browser only). */
export function isNarrowScreen(): boolean {
  return window.matchMedia(NARROW_SCREEN).matches;
}

function subscribeToNarrowScreen(onChange: () => void) {
  const query = window.matchMedia(NARROW_SCREEN);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/**
 * True on screens of 768 px and less; false on the server and until the transition after hydration. Not
 * `useSyncExternalStore`: when the browser's value differs from the server's, that forces a synchronous re-render
 * of the layout right after hydration, a long task on a phone. A transition joins the one that swaps in the
 * scripted controls (`useHydrated`), rendered in slices (decision 037).
 */
export function useNarrowScreen(): boolean {
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const update = () => startTransition(() => setNarrow(isNarrowScreen()));
    update();
    return subscribeToNarrowScreen(update);
  }, []);
  return narrow;
}

let scrollLocks = 0;
/** Locks page scrolling (`overflow: hidden` on body) while `locked`; several holders may lock at once. */
function useScrollLock(locked: boolean) {
  useEffect(() => {
    if (!locked) return;
    scrollLocks += 1;
    document.body.style.overflow = "hidden";
    return () => {
      scrollLocks -= 1;
      if (scrollLocks === 0) document.body.style.removeProperty("overflow");
    };
  }, [locked]);
}

/**
 * The no-JavaScript checkbox (its label works without a script) hands its state on to the button that replaces
 * it. A state set before hydration is read once, after the first render, inside a transition so it lands with the
 * swap to the button (`useHydrated`) and the screen width; one set after hydration but before the swap arrives
 * through the checkbox's change handler, which this returns.
 */
function useCheckboxHandOver(id: string, handOver: (checked: boolean) => void) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const input = document.getElementById(id);
    if (input instanceof HTMLInputElement && input.checked) startTransition(() => handOver(true));
  }, [id, handOver]);
  return (event: ChangeEvent<HTMLInputElement>) => handOver(event.currentTarget.checked);
}

/**
 * Calls `onChange` when the page's path or query changes, while rendering the new page: state adjusted to a
 * changed value during render, as React advises, rather than one frame late in an effect.
 */
function useOnNavigation(onChange: () => void) {
  const { pathname, search } = useLocation();
  const here = pathname + search;
  const [rendered, setRendered] = useState(here);
  if (rendered !== here) {
    setRendered(here);
    onChange();
  }
}

/**
 * Calls `close` whenever the window grows past 768 px, where there is no menu or drawer. Nothing opens on a wide
 * screen (each overlay's hand-over from the checkbox checks the width), so there is nothing to close at first.
 */
function useClosedOnWideScreen(close: () => void) {
  useEffect(
    () =>
      subscribeToNarrowScreen(() => {
        if (!isNarrowScreen()) close();
      }),
    [close],
  );
}

/**
 * How the header's menu and the sidebar's drawer behave alike (SPEC.md §2, §9): the no-JavaScript checkbox's
 * state is handed on at hydration; they close on navigation, when the window grows past 768 px, and on Escape,
 * which gives the focus back to their toggle; while open, the page does not scroll.
 */
export function useOverlay(overlay: {
  open: boolean;
  close: () => void;
  toggle: () => HTMLElement | null;
  checkboxId: string;
  /** The checkbox's state, as the reader left it before the button took over. */
  handOver: (checked: boolean) => void;
}): (event: ChangeEvent<HTMLInputElement>) => void {
  const { open } = overlay;
  // The callbacks are new on every render; the hooks below keep one stable function that calls the latest.
  const latest = useRef(overlay);
  latest.current = overlay;
  const close = useCallback(() => latest.current.close(), []);
  useOnNavigation(close);
  const handOver = useCallback((checked: boolean) => latest.current.handOver(checked), []);
  const onCheckboxChange = useCheckboxHandOver(overlay.checkboxId, handOver);
  useClosedOnWideScreen(close);
  useScrollLock(open);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      latest.current.close();
      latest.current.toggle()?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  return onCheckboxChange;
}

const MENU_TOGGLE_ID = "menu-toggle";
const MAIN_NAV_ID = "main-nav";

/**
 * The mobile menu (SPEC.md §2, §9): on screens of 768 px and less the links sit behind a Menu toggle.
 *
 * Without JavaScript it is a checkbox (visually hidden, still focusable) and its label styled as the button;
 * `#menu-toggle:checked ~ .main-nav` in layout.css opens the links and `body:has(#menu-toggle:checked)` locks
 * scrolling, all inside the narrow-screen media query, so a wide window always shows the links inline.
 * With JavaScript the checkbox becomes a real button with `aria-expanded`/`aria-controls`; the menu then also
 * closes on navigation, on Escape, on a tap outside the header, and when the window grows past 768 px.
 */
function useMobileMenu() {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const onCheckboxChange = useOverlay({
    open,
    close: () => setOpen(false),
    toggle: () => buttonRef.current,
    checkboxId: MENU_TOGGLE_ID,
    // A wide screen shows the links inline: the checkbox opens nothing there.
    handOver: (checked) => setOpen(checked && isNarrowScreen()),
  });
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);
  return { hydrated, open, setOpen, headerRef, buttonRef, onCheckboxChange };
}

/** Three bars, or a cross while open (the CSS picks one, so it also follows the no-JavaScript checkbox). */
function MenuIcon() {
  return (
    <>
      <MenuGlyph className="menu-toggle__bars" path="M2.5 4.5h13M2.5 9h13M2.5 13.5h13" />
      <MenuGlyph className="menu-toggle__close" path="M4 4l10 10M14 4L4 14" />
    </>
  );
}

function MenuGlyph({ className, path }: { className: string; path: string }) {
  return (
    <svg className={className} width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" focusable="false">
      <path d={path} stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** A bell for the phone header, so the unread count shows without opening the menu. */
function BellIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        d="M10 2.5a5 5 0 0 0-5 5v3.2L3.6 13.5h12.8L15 10.7V7.5a5 5 0 0 0-5-5zM8 15.5a2 2 0 0 0 4 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The header of SPEC.md §2: brand, search box and the visitor or member links.
 * The search form is a plain GET to /search, so it works without JavaScript; `required` with a
 * non-blank pattern makes the browser ignore an empty or blank term, and /search redirects a padded term to its
 * trimmed address. With JavaScript the term is trimmed before it goes into the URL. Logout is a form post, so it
 * works without JavaScript too.
 *
 * Phones (768 px and less) get one menu toggle: for visitors the Menu that opens these links, for members the
 * sidebar's toggle (`sidebarToggle`, before the brand), whose drawer carries them; members also get the
 * notifications bell with its unread badge in the header itself.
 */
export function SiteHeader({ sidebarToggle }: { sidebarToggle?: ReactNode } = {}) {
  const navigate = useNavigate();
  const root = useRouteLoaderData("root") as RootData | undefined;
  const viewer = root?.viewer ?? null;
  const menu = useMobileMenu();
  return (
    <header className="site-header" ref={menu.headerRef}>
      <div className="site-header__inner">
        {sidebarToggle}
        <div className="brand">
          <Link to="/" className="brand__name">
            <img src="/favicon.png" alt="" width={28} height={28} className="brand__mark" />
            {SITE_NAME}
          </Link>
          <Link to="/updates" className="brand__label" title="What's new">
            {SITE_LABEL}
          </Link>
        </div>
        {viewer ? (
          <NavLink to="/notifications" className="icon-button header-bell">
            <BellIcon />
            <span className="visually-hidden">Notifications</span>
            <CountBadge count={viewer.unreadNotifications} label="unread" />
          </NavLink>
        ) : menu.hydrated ? (
          <button
            ref={menu.buttonRef}
            type="button"
            className="menu-toggle"
            aria-expanded={menu.open}
            aria-controls={MAIN_NAV_ID}
            onClick={() => menu.setOpen(!menu.open)}
          >
            <MenuIcon />
            Menu
          </button>
        ) : (
          <>
            <input
              type="checkbox"
              id={MENU_TOGGLE_ID}
              className="toggle-input"
              aria-controls={MAIN_NAV_ID}
              onChange={menu.onCheckboxChange}
            />
            <label htmlFor={MENU_TOGGLE_ID} className="menu-toggle">
              <MenuIcon />
              Menu
            </label>
          </>
        )}
        <Form
          method="get"
          action="/search"
          role="search"
          className="header-search"
          onSubmit={(event) => {
            event.preventDefault();
            const term = String(new FormData(event.currentTarget).get("q") ?? "").trim();
            if (term) navigate(`/search?q=${encodeURIComponent(term)}`);
          }}
        >
          <label htmlFor="header-search" className="visually-hidden">
            Search connections
          </label>
          <input
            id="header-search"
            type="search"
            name="q"
            placeholder="Search connections..."
            required
            pattern=".*\S.*"
            autoComplete="off"
          />
          <button type="submit" className="header-search__button">
            Search
          </button>
        </Form>
        <nav aria-label="Main" id={MAIN_NAV_ID} className={menu.open ? "main-nav main-nav--open" : "main-nav"}>
          <NavLink to="/" end>
            Feed
          </NavLink>
          {viewer ? (
            <>
              <NavLink to="/create">+ Add New</NavLink>
              <NavLink to="/notifications">
                Notifications
                <CountBadge count={viewer.unreadNotifications} label="unread" />
              </NavLink>
              <NavLink to="/users" end>
                My Profile
              </NavLink>
              <Form method="post" action="/logout" className="logout-form">
                <button type="submit" className="link-button">
                  Logout
                </button>
              </Form>
            </>
          ) : (
            <>
              <NavLink to="/login">Login</NavLink>
              <NavLink to="/signup" className="button button--small">
                Sign Up
              </NavLink>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}

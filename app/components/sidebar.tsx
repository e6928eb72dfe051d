import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { Form, NavLink } from "react-router";
import { useHydrated } from "../hydrated.ts";
import type { RootData } from "../meta.ts";
import { Avatar } from "./avatar.tsx";
import { Link } from "./link.tsx";
import { PopularTags } from "./popular-tags.tsx";
import { CountBadge, isNarrowScreen, useNarrowScreen, useOverlay } from "./site-header.tsx";

export const SIDEBAR_ID = "sidebar";
const SIDEBAR_TOGGLE_ID = "sidebar-toggle";
const SIDEBAR_BUTTON_ID = "sidebar-toggle-button";

/**
 * The members' sidebar toggle (SPEC.md §2): on wide screens the sidebar shows beside the page and the toggle
 * hides it; on screens of 768 px and less it is hidden and the toggle opens it as a drawer over the page.
 *
 * Without JavaScript the state is a checkbox, `#sidebar-toggle`, rendered by the layout just before the header
 * so that `#sidebar-toggle:checked ~ .shell` in layout.css can flip the sidebar for the current page; the
 * header's toggle, the drawer's Close and its backdrop are `<label for="sidebar-toggle">`. It is per page, so
 * each new page starts from the default again. With JavaScript the checkbox gives way to a button with
 * `aria-expanded`/`aria-controls` and the state lives in the layout: a hidden sidebar stays hidden while moving
 * between pages, the drawer closes on navigation and on Escape, and scrolling is locked while it is open.
 */
export interface SidebarState {
  hydrated: boolean;
  /** Whether the sidebar is showing at the current width. */
  expanded: boolean;
  /** Wide screens: hidden by the member. Narrow screens: open as a drawer. */
  hiddenWide: boolean;
  openNarrow: boolean;
  toggle(): void;
  close(): void;
  /** The no-JavaScript checkbox's change, until the button has taken over. */
  onCheckboxChange(event: ChangeEvent<HTMLInputElement>): void;
}

export function useSidebarState(): SidebarState {
  const hydrated = useHydrated();
  const narrow = useNarrowScreen();
  const [hiddenWide, setHiddenWide] = useState(false);
  const [openNarrow, setOpenNarrow] = useState(false);
  const onCheckboxChange = useOverlay({
    open: narrow && openNarrow,
    close: () => setOpenNarrow(false),
    toggle: () => document.getElementById(SIDEBAR_BUTTON_ID),
    checkboxId: SIDEBAR_TOGGLE_ID,
    // The checkbox means "open the drawer" on a narrow screen and "hide the sidebar" on a wide one.
    handOver: (checked) => {
      if (isNarrowScreen()) setOpenNarrow(checked);
      else setHiddenWide(checked);
    },
  });
  return {
    hydrated,
    expanded: narrow ? openNarrow : !hiddenWide,
    hiddenWide,
    openNarrow,
    toggle: () => (narrow ? setOpenNarrow(!openNarrow) : setHiddenWide(!hiddenWide)),
    close: () => (narrow ? setOpenNarrow(false) : setHiddenWide(true)),
    onCheckboxChange,
  };
}

/** Class names for the element that holds the sidebar and the page. */
export function shellClassName(state: SidebarState, withSidebar: boolean): string {
  if (!withSidebar) return "shell";
  return [
    "shell shell--sidebar",
    state.hiddenWide ? "shell--sidebar-hidden" : "",
    state.openNarrow ? "shell--sidebar-open" : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/** The no-JavaScript state of the sidebar; the layout renders it just before the header, members only. */
export function SidebarSwitch({ state }: { state: SidebarState }) {
  if (state.hydrated) return null;
  return (
    <input
      type="checkbox"
      id={SIDEBAR_TOGGLE_ID}
      className="toggle-input"
      aria-label="Sidebar"
      aria-controls={SIDEBAR_ID}
      onChange={state.onCheckboxChange}
    />
  );
}

function SidebarIcon() {
  return (
    <svg
      className="sidebar-toggle__wide"
      width="20"
      height="20"
      viewBox="0 0 20 20"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="2.5" y="3.5" width="15" height="13" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M7.5 3.5v13" stroke="currentColor" strokeWidth="1.6" />
      <path d="M4.5 7h1.2M4.5 9.5h1.2M4.5 12h1.2" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
    </svg>
  );
}

/** Three bars: on phones the toggle is the members' only menu (its drawer carries the header's links). */
function MenuBarsIcon() {
  return (
    <svg
      className="sidebar-toggle__narrow"
      width="20"
      height="20"
      viewBox="0 0 20 20"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M3 5.5h14M3 10h14M3 14.5h14" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/** What the toggle shows and is called: Sidebar on wide screens, Menu on phones (the stylesheet picks one). */
function SidebarToggleFace() {
  return (
    <>
      <SidebarIcon />
      <MenuBarsIcon />
      <span className="visually-hidden sidebar-toggle__wide">Sidebar</span>
      <span className="visually-hidden sidebar-toggle__narrow">Menu</span>
    </>
  );
}

/** The header's sidebar toggle (members only): a button with JavaScript, the checkbox's label without. */
export function SidebarToggle({ state }: { state: SidebarState }) {
  if (!state.hydrated) {
    return (
      <label htmlFor={SIDEBAR_TOGGLE_ID} className="icon-button sidebar-toggle" title="Show or hide the sidebar">
        <SidebarToggleFace />
      </label>
    );
  }
  return (
    <button
      type="button"
      id={SIDEBAR_BUTTON_ID}
      className="icon-button sidebar-toggle"
      aria-expanded={state.expanded}
      aria-controls={SIDEBAR_ID}
      title={state.expanded ? "Hide the sidebar" : "Show the sidebar"}
      onClick={state.toggle}
    >
      <SidebarToggleFace />
    </button>
  );
}

type Viewer = NonNullable<RootData["viewer"]>;
type Tags = NonNullable<RootData["sidebarTags"]>;

/**
 * SPEC.md §2 sidebar, for members: their name (to their profile), Your Content (with Follow requests for a
 * private member or anyone with requests waiting), All Public Users, Settings (and Moderation, with the open
 * reports, for moderators), the
 * collapsible Popular Tags (open by default; each filters the feed) and the site's pages.
 */
export function Sidebar({ state, viewer, tags }: { state: SidebarState; viewer: Viewer; tags: Tags }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const drawerOpen = state.openNarrow;
  const { hydrated } = state;
  useEffect(() => {
    // The drawer takes focus when it opens (narrow screens only: on wide ones `openNarrow` stays false), or when
    // its Close button replaces the label, if the drawer was opened before.
    if (drawerOpen && hydrated) closeRef.current?.focus();
  }, [drawerOpen, hydrated]);
  return (
    <>
      <aside id={SIDEBAR_ID} className="sidebar" aria-label="Sidebar">
        <div className="sidebar__top">
          <Link to="/users" className="sidebar__user">
            <Avatar url={viewer.pictureUrl} size={40} eager />
            <span className="sidebar__who">
              <span className="sidebar__name">{viewer.name}</span>
              <span className="sidebar__handle">@{viewer.username}</span>
            </span>
          </Link>
          {state.hydrated ? (
            <button
              ref={closeRef}
              type="button"
              className="icon-button sidebar__close"
              onClick={() => {
                state.close();
                document.getElementById(SIDEBAR_BUTTON_ID)?.focus();
              }}
            >
              <span aria-hidden="true">✕</span>
              <span className="visually-hidden">Close sidebar</span>
            </button>
          ) : (
            <label htmlFor={SIDEBAR_TOGGLE_ID} className="icon-button sidebar__close">
              <span aria-hidden="true">✕</span>
              <span className="visually-hidden">Close sidebar</span>
            </label>
          )}
        </div>

        {/* Phones only: the header's links, since this drawer is the members' one menu there. */}
        <nav className="sidebar__nav sidebar__menu" aria-label="Menu">
          <ul className="sidebar__links">
            <li>
              <NavLink to="/" end>
                Feed
              </NavLink>
            </li>
            <li>
              <NavLink to="/create">+ Add New</NavLink>
            </li>
            <li>
              <NavLink to="/notifications">
                Notifications
                <CountBadge count={viewer.unreadNotifications} label="unread" />
              </NavLink>
            </li>
            <li>
              <NavLink to="/users" end>
                My Profile
              </NavLink>
            </li>
            <li>
              <Form method="post" action="/logout" className="logout-form">
                <button type="submit" className="link-button">
                  Logout
                </button>
              </Form>
            </li>
          </ul>
        </nav>

        <nav className="sidebar__nav" aria-label="Sidebar links">
          <h2 className="sidebar__heading">Your Content</h2>
          <ul className="sidebar__links">
            <li>
              <NavLink to="/users" end>
                My Connections
              </NavLink>
            </li>
            <li>
              <Link to="/users#favorites">My Favorites</Link>
            </li>
            {viewer.isPrivate || viewer.pendingFollowRequests > 0 ? (
              <li>
                <NavLink to="/follow-requests">
                  Follow requests
                  <CountBadge count={viewer.pendingFollowRequests} label="waiting" />
                </NavLink>
              </li>
            ) : null}
          </ul>
          <ul className="sidebar__links sidebar__links--spaced">
            <li>
              <NavLink to="/all-users">All Public Users</NavLink>
            </li>
            <li>
              <NavLink to="/settings">Settings</NavLink>
            </li>
            {viewer.isModerator ? (
              <li>
                <NavLink to="/moderation">
                  Moderation
                  <CountBadge count={viewer.openReportCases} label="open reports" />
                </NavLink>
              </li>
            ) : null}
          </ul>
        </nav>

        <div className="sidebar__tags">
          <PopularTags tags={tags.tags} error={tags.error} />
        </div>

        <nav className="sidebar__nav" aria-label="Site pages">
          <ul className="sidebar__links sidebar__links--site">
            <li>
              <NavLink to="/" end>
                Home
              </NavLink>
            </li>
            <li>
              <NavLink to="/about">About</NavLink>
            </li>
            <li>
              <NavLink to="/help">Help / FAQ</NavLink>
            </li>
            <li>
              <NavLink to="/updates">Updates</NavLink>
            </li>
          </ul>
        </nav>
      </aside>
      {state.hydrated ? (
        <div className="sidebar-backdrop" aria-hidden="true" onClick={state.close} />
      ) : (
        <label htmlFor={SIDEBAR_TOGGLE_ID} className="sidebar-backdrop" aria-hidden="true">
          <span className="visually-hidden">Close sidebar</span>
        </label>
      )}
    </>
  );
}

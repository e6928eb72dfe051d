import { Form, Link, NavLink, useNavigate, useRouteLoaderData } from "react-router";
import type { RootData } from "../meta.ts";
import { SITE_LABEL, SITE_NAME } from "../site.ts";

/** SPEC.md §9: the badge shows the count, and '9+' above 9. */
export function badgeText(count: number): string {
  return count > 9 ? "9+" : String(count);
}

/**
 * The header of SPEC.md §2: brand, search box and the visitor or member links.
 * The search form is a plain GET to /search, so it works without JavaScript; `required` with a
 * non-blank pattern makes the browser ignore an empty or blank term. With JavaScript the term is also trimmed
 * before it goes into the URL. Logout is a form post, so it works without JavaScript too.
 */
export function SiteHeader() {
  const navigate = useNavigate();
  const root = useRouteLoaderData("root") as RootData | undefined;
  const viewer = root?.viewer ?? null;
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <div className="brand">
          <Link to="/" className="brand__name">
            <img src="/favicon.png" alt="" width={28} height={28} className="brand__mark" />
            {SITE_NAME}
          </Link>
          <Link to="/updates" className="brand__label" title="What's new">
            {SITE_LABEL}
          </Link>
        </div>
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
        <nav aria-label="Main" className="main-nav">
          <NavLink to="/" end>
            Feed
          </NavLink>
          {viewer ? (
            <>
              <NavLink to="/create">+ Add New</NavLink>
              <NavLink
                to="/notifications"
                aria-label={
                  viewer.unreadNotifications > 0
                    ? `Notifications, ${viewer.unreadNotifications} unread`
                    : "Notifications"
                }
              >
                Notifications
                {viewer.unreadNotifications > 0 ? (
                  <span className="nav-badge" aria-hidden="true">
                    {badgeText(viewer.unreadNotifications)}
                  </span>
                ) : null}
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

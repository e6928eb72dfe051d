import { isRouteErrorResponse, Link } from "react-router";

/**
 * A route's error page: the message the loader threw with `data({ message }, { status })` (the spec's
 * "… not found." texts), else the route's fallback, and a way home.
 */
export function RouteNotice({ error, title, fallback }: { error: unknown; title: string; fallback: string }) {
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string" ? error.data.message : fallback;
  return (
    <section className="notice-page">
      <h1>{title}</h1>
      <p>{message}</p>
      <p>
        <Link className="button" to="/">
          Go back home
        </Link>
      </p>
    </section>
  );
}

import type { ReactNode } from "react";
import { isRouteErrorResponse } from "react-router";
import { Link } from "./link.tsx";

/**
 * Every error page's frame: a heading, what went wrong (`children`) and a way home. `reloadDocument` makes the
 * way home a full page load, for the root's boundary, where the app itself may be what failed.
 */
export function NoticePage({
  title,
  headingId,
  reloadDocument,
  children,
}: {
  title: string;
  headingId?: string;
  reloadDocument?: boolean;
  children: ReactNode;
}) {
  return (
    <section className="notice-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{title}</h1>
      {children}
      <p>
        <Link className="button" to="/" reloadDocument={reloadDocument}>
          Go back home
        </Link>
      </p>
    </section>
  );
}

/**
 * A route's error page: the message the loader threw with `data({ message }, { status })` (the spec's
 * "… not found." texts), else the route's fallback.
 */
export function RouteNotice({ error, title, fallback }: { error: unknown; title: string; fallback: string }) {
  return (
    <NoticePage title={title}>
      <p>{noticeMessage(error, fallback)}</p>
    </NoticePage>
  );
}

/** The message a loader threw with `data({ message }, { status })`, else the fallback (a bug's error says nothing). */
export function noticeMessage(error: unknown, fallback: string): string {
  return isRouteErrorResponse(error) && typeof error.data?.message === "string" ? error.data.message : fallback;
}

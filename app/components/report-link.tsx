import type { ReactNode } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import type { RootData } from "../meta.ts";
import { Link } from "./link.tsx";
import { LoginLink } from "./login-link.tsx";

const NAMES = { connection: "this connection", comment: "this comment", user: "this member" } as const;

/** The item on this page that a visitor comes back to after logging in. */
const ANCHORS = {
  connection: (id: string) => `card-${id}`,
  comment: (id: string) => `comment-${id}`,
  user: () => "profile",
};

/**
 * "Report" for a connection, a comment or a member: for members a link to the report form (it works without
 * JavaScript), which leads back here afterwards; for visitors a way to log in that returns to the item. Search
 * engines are kept off both.
 */
export function ReportLink({
  type,
  id,
  className,
  icon,
}: {
  type: keyof typeof NAMES;
  id: string;
  className: string;
  /** An icon that may stand in for the word (the card's action bar on narrow screens). */
  icon?: ReactNode;
}) {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const location = useLocation();
  const label = (
    <>
      {icon ? (
        <>
          {icon}
          <span className="action-button__word">Report</span>
        </>
      ) : (
        "Report"
      )}
      <span className="visually-hidden"> {NAMES[type]}</span>
    </>
  );
  if (!root?.viewer) {
    return (
      <LoginLink anchor={ANCHORS[type](id)} className={className}>
        {label}
      </LoginLink>
    );
  }
  const back = location.pathname + location.search + (type === "comment" ? `#comment-${id}` : "");
  return (
    <Link
      className={className}
      to={`/report/${type}/${id}?${new URLSearchParams({ redirectTo: back })}`}
      rel="nofollow"
    >
      {label}
    </Link>
  );
}

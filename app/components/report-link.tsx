import { Link, useLocation } from "react-router";

const NAMES = { connection: "this connection", comment: "this comment", user: "this member" } as const;

/**
 * "Report" for a connection, a comment or a member: a link to the report form (it works without JavaScript),
 * which leads back here afterwards. Search engines are kept off it.
 */
export function ReportLink({ type, id, className }: { type: keyof typeof NAMES; id: string; className: string }) {
  const location = useLocation();
  const back = location.pathname + location.search + (type === "comment" ? `#comment-${id}` : "");
  return (
    <Link
      className={className}
      to={`/report/${type}/${id}?${new URLSearchParams({ redirectTo: back })}`}
      rel="nofollow"
    >
      Report<span className="visually-hidden"> {NAMES[type]}</span>
    </Link>
  );
}

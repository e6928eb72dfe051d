import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { loginPath, pathAt } from "../login-path.ts";
import { Link } from "./link.tsx";

/**
 * A control a visitor cannot use (like, favorite, follow, vote, report, block): it looks like the member's
 * control and leads to /login, which brings them back to this page at `anchor` afterwards. A plain link, so it
 * works the same with and without JavaScript; search engines are kept off it.
 */
export function LoginLink({
  anchor,
  className,
  title,
  children,
}: {
  anchor: string;
  className?: string;
  title?: string;
  children: ReactNode;
}) {
  const location = useLocation();
  return (
    <Link to={loginPath(pathAt(location, anchor))} className={className} title={title} rel="nofollow">
      {children}
    </Link>
  );
}

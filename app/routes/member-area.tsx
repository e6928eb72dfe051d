import { Outlet } from "react-router";
import { requireViewer } from "../auth.server.ts";
import type { Route } from "./+types/member-area";

/**
 * Wraps every page that needs a member (SPEC.md §2). Middleware runs before any child loader or action, so a
 * visitor is redirected to /login (remembering where they were going) before anything member-only runs.
 */
export const middleware: Route.MiddlewareFunction[] = [
  ({ context, url }) => {
    requireViewer(url, context);
  },
];

export default function MemberArea() {
  return <Outlet />;
}

import { requestContext } from "../../worker/context.ts";
import { pageNumber } from "../../worker/core/connections/index.ts";
import { listAuditLog } from "../../worker/core/moderation/index.ts";
import { requireModeratorPage } from "../auth.server.ts";
import type { Route } from "./+types/moderation-log";

/** One page of the audit log, newest first, in one round trip. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  requireModeratorPage(url, context);
  const page = pageNumber(new URL(request.url).searchParams.get("page"));
  return { ...(await listAuditLog(context.get(requestContext), page)), now: Date.now() };
}

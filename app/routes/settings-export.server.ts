import { requestContext } from "../../worker/context.ts";
import { exportAccount, exportHeaders } from "../../worker/core/account/index.ts";
import { requireViewer } from "../auth.server.ts";
import type { Route } from "./+types/settings-export";

/** The "Download my data" file: the same JSON as API.md's `GET /users/me/export`. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const viewer = requireViewer(url, context);
  const { filename, data } = await exportAccount(context.get(requestContext), viewer);
  return new Response(JSON.stringify(data, null, 2), { headers: exportHeaders(filename) });
}

import { requestContext } from "../../worker/context.ts";
import { listPublicUsers } from "../../worker/core/people/index.ts";
import type { Route } from "./+types/all-users";

export async function loader({ context }: Route.LoaderArgs) {
  return { users: await listPublicUsers(context.get(requestContext)) };
}

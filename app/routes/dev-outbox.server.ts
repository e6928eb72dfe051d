import { data } from "react-router";
import { requestContext } from "../../worker/context.ts";
import { listOutbox, outboxEnabled } from "../../worker/core/mail/index.ts";
import type { Route } from "./+types/dev-outbox";

/** Only where mail is kept instead of sent (`npm start`, tests); everywhere else the page does not exist. */
export async function loader({ context }: Route.LoaderArgs) {
  const { env, db } = context.get(requestContext);
  if (!outboxEnabled(env)) throw data(null, { status: 404 });
  return { messages: await listOutbox(db), now: Date.now() };
}

import { data } from "react-router";
import { pageNumber } from "../../worker/connections.ts";
import { requestContext } from "../../worker/context.ts";
import { AppError } from "../../worker/errors.ts";
import { profilePage } from "../../worker/profile-page.ts";
import { PROFILE_MESSAGES } from "../../worker/profile-messages.ts";
import { requireViewer } from "../auth.server.ts";
import type { Route } from "./+types/profile";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const page = pageNumber(new URL(request.url).searchParams.get("page"));
  try {
    return await profilePage(context.get(requestContext), viewer, params.userId ?? viewer.id, page);
  } catch (error) {
    if (error instanceof AppError) throw data({ message: PROFILE_MESSAGES.hidden }, { status: 404 });
    throw error;
  }
}

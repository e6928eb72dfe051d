import { data } from "react-router";
import { connectionsByIds, listByMember, pageNumber } from "../../worker/connections.ts";
import { requestContext } from "../../worker/context.ts";
import { AppError } from "../../worker/errors.ts";
import { followStatus } from "../../worker/follows.ts";
import { PROFILE_MESSAGES } from "../../worker/profile-messages.ts";
import { canSeeContentOf, getMe, getProfile } from "../../worker/users.ts";
import { requireViewer } from "../auth.server.ts";
import type { Route } from "./+types/profile";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const services = context.get(requestContext);
  const userId = params.userId ?? viewer.id;
  const profile = await getProfile(services, userId).catch((error: unknown) => {
    if (error instanceof AppError) throw data({ message: PROFILE_MESSAGES.hidden }, { status: 404 });
    throw error;
  });
  const isOwn = profile._id === viewer.id;
  const page = pageNumber(new URL(request.url).searchParams.get("page"));
  const [visible, status] = await Promise.all([
    canSeeContentOf(services, viewer, profile),
    isOwn ? null : followStatus(services, viewer, profile._id),
  ]);
  const [creations, favorites] = await Promise.all([
    visible ? listByMember(services, profile._id, page) : null,
    // Only the owner sees their favorites (SPEC.md §6).
    isOwn ? getMe(services, viewer).then((me) => connectionsByIds(services, me.favorites)) : null,
  ]);
  return { profile, isOwn, isFollowing: status?.isFollowing ?? false, creations, favorites };
}

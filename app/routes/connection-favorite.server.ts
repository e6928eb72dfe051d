import { toggleFavorite } from "../../worker/core/discussion/index.ts";
import { cardToggleRoute } from "../reactions.server.ts";

const route = cardToggleRoute(toggleFavorite, "Failed to update favorite status.", (viewer, connectionId) =>
  viewer.favoriteIds.includes(connectionId) ? "unfavorited" : "favorited",
);
export const action = route.action;
export const loader = route.loader;

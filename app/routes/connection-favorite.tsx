import { toggleFavorite } from "../../worker/reactions.ts";
import { cardToggleRoute } from "../reactions.server.ts";

const route = cardToggleRoute(toggleFavorite, "Failed to update favorite status.");
export const action = route.action;
export const loader = route.loader;

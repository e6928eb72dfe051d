import { toggleLike } from "../../worker/core/discussion/index.ts";
import { cardToggleRoute } from "../reactions.server.ts";

const route = cardToggleRoute(toggleLike, "Like failed");
export const action = route.action;
export const loader = route.loader;

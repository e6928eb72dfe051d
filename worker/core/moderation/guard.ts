import type { Viewer } from "../../context.ts";
import { forbidden } from "../errors.ts";
import { MODERATION_MESSAGES } from "../rules/index.ts";

/** The moderation queue and log are for moderators: anyone else logged in is refused (403 `Moderators only.`). */
export function requireModerator(viewer: Viewer): Viewer {
  if (viewer.role !== "moderator") throw forbidden(MODERATION_MESSAGES.moderatorsOnly);
  return viewer;
}

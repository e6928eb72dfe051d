import { z } from "zod";
import { PROFILE_FORM, PROFILE_LIMITS, PROFILE_MESSAGES, readName, readText } from "../rules/index.ts";
import { followRules } from "../validation.ts";

export { PROFILE_LIMITS, PROFILE_MESSAGES };

/** API.md "Follows" and "Follow requests". */
export const FOLLOW_MESSAGES = {
  cannotFollowSelf: "Cannot follow yourself",
  cannotUnfollowSelf: "Cannot unfollow yourself",
  followTargetMissing: "User to follow not found",
  alreadyFollowing: "Already following this user",
  notFollowing: "Not following this user",
  userMissing: "User not found",
  requestAlreadySent: "Follow request already sent",
  requestNotFound: "Follow request not found",
  requestDeclined: "Follow request declined",
  notAFollower: "Not a follower",
  privacyChanged: "Their privacy setting just changed. Please try again.",
  /** Not in the contract: the blocker following the member they blocked (decision 014, "Blocks"). */
  unblockToFollow: "Unblock this member to follow them.",
} as const;

/** API.md "Blocks". */
export const BLOCK_MESSAGES = {
  cannotBlockSelf: "Cannot block yourself",
  userNotFound: PROFILE_MESSAGES.userNotFound,
  notBlocked: "Not blocked",
} as const;

/**
 * Absent keeps the value, an empty string clears it, text is read as the form reads it (API.md "Users"); anything
 * but text (a number, null) is refused in the field's own words rather than zod's.
 */
const optional = (read: (text: string) => string, notText: string) =>
  z
    .string({ error: notText })
    .optional()
    .transform((value) => (value === undefined ? undefined : read(value)));

/** The profile form's rules, then the API's own one: `isPrivate`, where sent, is a boolean. */
export const profileUpdateSchema = z
  .object({
    displayName: optional(readName, PROFILE_MESSAGES.displayNameNotText),
    bio: optional(readText, PROFILE_MESSAGES.bioNotText),
    location: optional(readText, PROFILE_MESSAGES.locationNotText),
    isPrivate: z.unknown().optional(),
  })
  .superRefine(followRules(PROFILE_FORM))
  .superRefine((input, ctx) => {
    if (input.isPrivate !== undefined && typeof input.isPrivate !== "boolean") {
      ctx.addIssue({ code: "custom", message: PROFILE_MESSAGES.isPrivateNotBoolean, path: ["isPrivate"] });
    }
  })
  .transform((input) => ({ ...input, isPrivate: input.isPrivate as boolean | undefined }));

export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

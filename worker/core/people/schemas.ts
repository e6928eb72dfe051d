import { z } from "zod";
import { PROFILE_LIMITS, PROFILE_MESSAGES } from "../rules/index.ts";

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
} as const;

/** Absent keeps the value, an empty string clears it, text is trimmed (API.md "Users"). */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim())
    .refine((value) => value === undefined || value.length <= max, { message });

export const profileUpdateSchema = z.object({
  displayName: optionalText(PROFILE_LIMITS.displayName, PROFILE_MESSAGES.displayNameTooLong),
  bio: optionalText(PROFILE_LIMITS.bio, PROFILE_MESSAGES.bioTooLong),
  location: optionalText(PROFILE_LIMITS.location, PROFILE_MESSAGES.locationTooLong),
  isPrivate: z.boolean({ error: PROFILE_MESSAGES.isPrivateNotBoolean }).optional(),
});

export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

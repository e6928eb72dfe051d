import { atMost, type FormRules, imageRules } from "./forms.ts";
import { PROFILE_LIMITS, PROFILE_MESSAGES } from "./profile.ts";

/** SPEC.md §4: the picture is checked (and uploaded) first, then the text fields. */
export const PROFILE_FORM: FormRules<"profilePicture" | "displayName" | "bio" | "location"> = {
  fields: { profilePicture: "file", displayName: "name", bio: "text", location: "text" },
  rules: [
    ...imageRules("profilePicture", {
      invalidType: PROFILE_MESSAGES.notAnImage,
      tooLarge: PROFILE_MESSAGES.imageTooLarge,
    }),
    atMost("displayName", PROFILE_LIMITS.displayName, PROFILE_MESSAGES.displayNameTooLong),
    atMost("bio", PROFILE_LIMITS.bio, PROFILE_MESSAGES.bioTooLong),
    atMost("location", PROFILE_LIMITS.location, PROFILE_MESSAGES.locationTooLong),
  ],
};

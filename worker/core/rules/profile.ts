import { imageRules } from "./connections.ts";
import { atMost, type FormRules } from "./forms.ts";

/** SPEC.md §5 profile limits and API.md messages. */
export const PROFILE_LIMITS = { displayName: 50, bio: 250, location: 100 } as const;

export const PROFILE_MESSAGES = {
  displayNameTooLong: "Display name cannot be more than 50 characters long",
  bioTooLong: "Bio cannot be more than 250 characters long",
  locationTooLong: "Location cannot be more than 100 characters long",
  isPrivateNotBoolean: "isPrivate must be true or false.",
  noImage: "No image file uploaded.",
  notAnImage: "Please select an image file (jpg, png, gif).",
  imageTooLarge: "File is too large. Maximum size is 5MB.",
  invalidUserId: "Invalid User ID format",
  userNotFound: "User not found.",
  hidden: "User not found or profile is private.",
} as const;

/** SPEC.md §4: the picture is checked (and uploaded) first, then the text fields. */
export const PROFILE_FORM: FormRules<"profilePicture" | "displayName" | "bio" | "location"> = {
  fields: { profilePicture: "file", displayName: "text", bio: "text", location: "text" },
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

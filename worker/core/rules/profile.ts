import { MAX_IMAGE_PIXELS_TEXT } from "./limits.ts";

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
  imageTooManyPixels: `Image is too large. ${MAX_IMAGE_PIXELS_TEXT}`,
  displayNameNotText: "Display name must be text.",
  bioNotText: "Bio must be text.",
  locationNotText: "Location must be text.",
  invalidUserId: "Invalid User ID format",
  userNotFound: "User not found.",
  hidden: "User not found or profile is private.",
} as const;

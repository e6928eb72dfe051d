import { z } from "zod";

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

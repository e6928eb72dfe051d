import { newId } from "../ids.ts";
import type { UPLOADED_IMAGE_FOLDERS } from "../rules/index.ts";

export type ImageKind = "poster" | "cover" | "screenshot" | "avatar";
export type ImageType = "image/png" | "image/jpeg" | "image/gif";

const FOLDERS: Record<ImageKind, (typeof UPLOADED_IMAGE_FOLDERS)[number]> = {
  poster: "posters",
  cover: "covers",
  screenshot: "screenshots",
  avatar: "avatars",
};
const EXTENSIONS: Record<ImageType, string> = { "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif" };

/** R2 keys are generated here only: never from user input, never reused (so they can be cached forever). */
export function newImageKey(kind: ImageKind, type: ImageType): string {
  return `${FOLDERS[kind]}/${newId()}.${EXTENSIONS[type]}`;
}

/** Absolute URL for a stored image key; `null` when there is none (API.md image URLs). */
export function imageUrl(origin: string, key: string | null | undefined): string | null {
  return key ? `${origin}/images/${key}` : null;
}

/** An image field of an API answer (`posterPath`, `profilePictureUrl`, ...): its URL, or "" when there is none. */
export function apiImageUrl(origin: string, key: string | null | undefined): string {
  return imageUrl(origin, key) ?? "";
}

/**
 * A member's picture as `UserSummary` and `senderRef` carry it (API.md): `profilePictureUrl`, and the same URL as
 * `profileImageUrl`, which older clients read. Both answers take it from here, so the two never differ.
 */
export function memberPictureFields(origin: string, key: string | null | undefined) {
  const url = apiImageUrl(origin, key);
  return { profilePictureUrl: url, profileImageUrl: url };
}

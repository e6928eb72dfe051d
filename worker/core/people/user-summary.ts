import { memberPictureFields } from "../images/index.ts";

/** API.md "UserSummary" (with "For other clients": `profileImageUrl`, the same URL as `profilePictureUrl`). */
export interface UserSummary {
  _id: string;
  username: string;
  displayName: string;
  profilePictureUrl: string;
  profileImageUrl: string;
}

export function toUserSummary(
  origin: string,
  user: { id: string; username: string; displayName: string; pictureKey: string | null },
): UserSummary {
  return {
    _id: user.id,
    username: user.username,
    displayName: user.displayName,
    ...memberPictureFields(origin, user.pictureKey),
  };
}

import { apiImageUrl } from "../images/index.ts";

/** API.md "UserSummary". */
export interface UserSummary {
  _id: string;
  username: string;
  displayName: string;
  profilePictureUrl: string;
}

export function toUserSummary(
  origin: string,
  user: { id: string; username: string; displayName: string; pictureKey: string | null },
): UserSummary {
  return {
    _id: user.id,
    username: user.username,
    displayName: user.displayName,
    profilePictureUrl: apiImageUrl(origin, user.pictureKey),
  };
}

import { z } from "zod";

/**
 * API.md "Shapes" as named OpenAPI components. Objects are open (`z.looseObject`): additions such as
 * `profileImageUrl`, `kind` or `externalIds` ride along without breaking older clients, and the tests check the
 * fields the contract names.
 */
const id = z.string();
const date = z.string();

export const Message = z.object({ message: z.string() }).meta({ id: "Message" });

export const Health = z.object({ status: z.literal("ok") }).meta({ id: "Health" });

export const UserSummary = z
  .looseObject({ _id: id, username: z.string(), displayName: z.string(), profilePictureUrl: z.string() })
  .meta({ id: "UserSummary" });

export const Profile = z
  .looseObject({
    _id: id,
    username: z.string(),
    displayName: z.string(),
    bio: z.string(),
    location: z.string(),
    profilePictureUrl: z.string(),
    isPrivate: z.boolean(),
    createdAt: date,
    followerCount: z.number(),
    followingCount: z.number(),
  })
  .meta({ id: "Profile" });

export const Me = Profile.extend({ email: z.string(), favorites: z.array(id) }).meta({ id: "Me" });

export const Auth = z
  .looseObject({
    _id: id,
    username: z.string(),
    email: z.string(),
    displayName: z.string(),
    profilePictureUrl: z.string(),
    isPrivate: z.boolean(),
    favorites: z.array(id),
    createdAt: date,
    token: z.string(),
  })
  .meta({ id: "Auth" });

/**
 * A page of search results. A departure from API.md (decision 038): `totalCount` stops at 1,000, and `pages`
 * follows it (at most 100); `totalCountCapped: true` is added when more connections match ("1,000+").
 */
export const SearchResults = z
  .looseObject({
    connections: z.array(z.looseObject({ _id: id })),
    page: z.number(),
    pages: z.number(),
    totalCount: z.number().max(1000).meta({ description: "Matching connections, counted up to 1,000" }),
    totalCountCapped: z
      .literal(true)
      .optional()
      .meta({ description: "Present when more than 1,000 connections match" }),
  })
  .meta({ id: "SearchResults" });

import { z } from "zod";
import { LOOKUP_SOURCES } from "../../core/catalog/index.ts";
import {
  CONNECTION_KINDS,
  PERSON_ROLES,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
  RESOLVE_ACTIONS,
  VERDICT_CHOICES,
} from "../../core/rules/index.ts";
import { notificationTypes } from "../../db/schema.ts";

/**
 * API.md "Shapes" and every other success answer, as named OpenAPI components (decision 026). Objects list every
 * field the API sends and say nothing of others, so by OpenAPI's default a client must accept fields added later;
 * the integration tests hold the server to the list (a field the document does not name fails them).
 * Nested shapes are components of their own and appear as `$ref`s.
 */
const id = z.string().describe("An opaque id the server generated");
const dateTime = z.iso.datetime().describe("ISO 8601, UTC");
const count = z.int().nonnegative();
const page = z.int().min(1);
const pages = z.int().nonnegative().describe("ceil(total / 10)");
/** API.md "General rules": image URLs are absolute http(s) URLs, or "" when there is none. */
const imageUrl = z
  .string()
  .regex(/^(https?:\/\/\S+)?$/)
  .describe('An absolute http(s) URL, or "" when there is none');

export const Message = z.object({ message: z.string() }).meta({ id: "Message" });

export const Health = z.object({ status: z.literal("ok") }).meta({ id: "Health" });

// Members

export const UserSummary = z
  .object({
    _id: id,
    username: z.string(),
    displayName: z.string().describe('May be ""'),
    profilePictureUrl: imageUrl,
    profileImageUrl: imageUrl.describe("The same URL as profilePictureUrl, for older clients"),
  })
  .meta({ id: "UserSummary" });

export const Profile = z
  .object({
    _id: id,
    username: z.string(),
    displayName: z.string(),
    bio: z.string(),
    location: z.string(),
    profilePictureUrl: imageUrl,
    isPrivate: z.boolean(),
    createdAt: dateTime,
    followerCount: count,
    followingCount: count,
  })
  .meta({ id: "Profile" });

export const Me = Profile.extend({
  email: z.string(),
  favorites: z.array(id).describe("Ids of the connections I saved, most recent first"),
}).meta({ id: "Me" });

export const Auth = z
  .object({
    _id: id,
    username: z.string(),
    email: z.string(),
    displayName: z.string(),
    profilePictureUrl: imageUrl,
    isPrivate: z.boolean(),
    favorites: z.array(id),
    createdAt: dateTime,
    token: z.string().describe("Send as `Authorization: Bearer <token>`"),
  })
  .meta({ id: "Auth" });

export const PasswordChanged = z
  .object({ message: z.literal("Password changed"), token: z.string().describe("This session's new token") })
  .meta({ id: "PasswordChanged" });

// Catalog

/** A movie or book named by id and title, where a shape points at one. */
export const TitleRef = z.object({ _id: id, title: z.string() }).meta({ id: "TitleRef" });

export const MovieExternalIds = z
  .object({ tmdb: z.string().optional(), imdb: z.string().optional(), wikidata: z.string().optional() })
  .describe("Only the ids the movie has")
  .meta({ id: "MovieExternalIds" });

export const BookExternalIds = z
  .object({ openLibrary: z.string().optional(), isbn13: z.string().optional(), wikidata: z.string().optional() })
  .describe("Only the ids the book has")
  .meta({ id: "BookExternalIds" });

const movieFields = {
  _id: id,
  title: z.string(),
  year: z.int().nullable(),
  director: z.string(),
  directorSlug: z.string().describe("The director's /people/{slug}"),
  genres: z.array(z.string()),
  actors: z.array(z.string()),
  actorSlugs: z.array(z.string()).describe("In the order of actors"),
  synopsis: z.string(),
  posterPath: imageUrl,
  externalIds: MovieExternalIds,
};

const bookFields = {
  _id: id,
  title: z.string(),
  author: z.string(),
  authorSlug: z.string().describe("The author's /people/{slug}"),
  publicationYear: z.int().nullable(),
  genres: z.array(z.string()),
  isbn: z.string(),
  synopsis: z.string(),
  coverPath: imageUrl,
  externalIds: BookExternalIds,
};

export const MovieRef = z.object(movieFields).meta({ id: "MovieRef" });

export const BookRef = z.object(bookFields).meta({ id: "BookRef" });

/** "Book or film?" on one adaptation pair, as a movie or book shows it: the other work and the tally. */
export const PairVerdict = z
  .object({ pairWith: TitleRef, book: count, film: count, tie: count, total: count })
  .meta({ id: "PairVerdict" });

/** Which pairs a work lists (decision 018's addendum). */
const PAIR_VERDICTS = "Most votes first; only pairs with an adaptation the caller may see";

export const Movie = z
  .object({
    ...movieFields,
    createdAt: dateTime,
    verdicts: z.array(PairVerdict).describe(PAIR_VERDICTS),
  })
  .meta({ id: "Movie" });

export const Book = z
  .object({
    ...bookFields,
    createdAt: dateTime,
    verdicts: z.array(PairVerdict).describe(PAIR_VERDICTS),
  })
  .meta({ id: "Book" });

const lookupSource = z.enum(LOOKUP_SOURCES);

export const MovieCandidate = z
  .object({
    source: lookupSource,
    _id: id.optional().describe("Only for works already in the catalog"),
    title: z.string(),
    year: z.int().nullable(),
    director: z.string(),
    posterUrl: imageUrl,
    externalIds: MovieExternalIds,
    genres: z.array(z.string()),
    actors: z.array(z.string()),
  })
  .meta({ id: "MovieCandidate" });

export const BookCandidate = z
  .object({
    source: lookupSource,
    _id: id.optional().describe("Only for works already in the catalog"),
    title: z.string(),
    year: z.int().nullable().describe("First publication"),
    author: z.string(),
    coverUrl: imageUrl,
    externalIds: BookExternalIds,
    genres: z.array(z.string()),
  })
  .meta({ id: "BookCandidate" });

export const LookupCandidates = z
  .array(z.union([MovieCandidate, BookCandidate]))
  .describe("At most 10, works already in the catalog first; movies for type=movie, books for type=book")
  .meta({ id: "LookupCandidates" });

// Connections

export const Verdict = z
  .object({
    book: count,
    film: count,
    tie: count,
    total: count,
    mine: z.enum(VERDICT_CHOICES).nullable().describe("My vote; null for visitors and before I vote"),
  })
  .meta({ id: "Verdict" });

export const Connection = z
  .object({
    _id: id,
    userRef: UserSummary,
    context: z.string(),
    contextSpoiler: z.boolean().describe("The context gives something away: show it only when the reader asks"),
    kind: z.enum(CONNECTION_KINDS),
    tags: z.array(z.string()),
    createdAt: dateTime,
    updatedAt: dateTime,
    likes: z.array(id).describe("Ids of the members who like it"),
    commentCount: count,
    screenshotUrl: imageUrl,
    moviePosterUrl: imageUrl,
    bookCoverUrl: imageUrl,
    movieRef: MovieRef.nullable(),
    bookRef: BookRef.nullable(),
    verdict: Verdict.nullable().describe("On adaptations only"),
  })
  .meta({ id: "Connection" });

export const ConnectionPage = z
  .object({ connections: z.array(Connection), page, pages })
  .meta({ id: "ConnectionPage" });

/**
 * A page of search results. A departure from API.md (decision 038): `totalCount` stops at 1,000, and `pages`
 * follows it (at most 100); `totalCountCapped: true` is added when more connections match ("1,000+").
 */
export const SearchPage = z
  .object({
    connections: z.array(Connection),
    page,
    pages,
    totalCount: count.max(1000).describe("Matching connections, counted up to 1,000"),
    totalCountCapped: z.literal(true).optional().describe("Present when more than 1,000 connections match"),
  })
  .meta({ id: "SearchPage" });

export const PopularTag = z.object({ tag: z.string(), count: z.int().positive() }).meta({ id: "PopularTag" });

export const ConnectionDeleted = z
  .object({ message: z.literal("Connection deleted successfully"), connectionId: id })
  .meta({ id: "ConnectionDeleted" });

export const LikeResult = z
  .object({
    connection: Connection,
    notificationId: id.nullable().describe("The notification this like created, if any"),
  })
  .meta({ id: "LikeResult" });

export const Comment = z
  .object({
    _id: id,
    text: z.string(),
    spoiler: z.boolean().describe("The comment gives something away: show it only when the reader asks"),
    createdAt: dateTime,
    updatedAt: dateTime,
    connection: id,
    user: UserSummary,
  })
  .meta({ id: "Comment" });

export const PersonPage = z
  .object({
    name: z.string(),
    slug: z.string(),
    roles: z.array(z.enum(PERSON_ROLES)),
    movies: z.array(Movie),
    books: z.array(Book),
    connections: z.array(Connection),
    page,
    pages,
  })
  .meta({ id: "PersonPage" });

// Follows and blocks

export const Followed = z.object({ isFollowing: z.literal(true), followerCount: count }).meta({ id: "Followed" });

export const FollowRequested = z
  .object({ isFollowing: z.literal(false), requested: z.literal(true), followerCount: count })
  .meta({ id: "FollowRequested" });

export const Unfollowed = z
  .object({
    isFollowing: z.literal(false),
    requested: z.literal(false).optional().describe("Present when a pending request was cancelled"),
    followerCount: count,
  })
  .meta({ id: "Unfollowed" });

export const FollowState = z
  .object({ isFollowing: z.boolean(), isSelf: z.boolean(), requested: z.boolean() })
  .meta({ id: "FollowState" });

export const FollowerCount = z.object({ followerCount: count }).meta({ id: "FollowerCount" });

export const FollowRequest = z
  .object({ _id: id, user: UserSummary, createdAt: dateTime })
  .meta({ id: "FollowRequest" });

export const Blocked = z.object({ blocked: z.literal(true) }).meta({ id: "Blocked" });

export const Unblocked = z.object({ blocked: z.literal(false) }).meta({ id: "Unblocked" });

// Notifications

export const Notification = z
  .object({
    _id: id,
    type: z.enum(notificationTypes),
    read: z.boolean(),
    createdAt: dateTime,
    link: z.string(),
    message: z.string(),
    senderRef: z
      .object({ _id: id, username: z.string(), profilePictureUrl: imageUrl, profileImageUrl: imageUrl })
      .describe('A moderation notice is from "moderators", with an empty _id'),
    connectionRef: z.object({ _id: id, movieRef: TitleRef.nullable(), bookRef: TitleRef.nullable() }).nullable(),
  })
  .meta({ id: "Notification" });

/** `GET /notifications?group=connection` (decision 033): a group's newest notification, read once all of it is. */
export const NotificationGroup = Notification.extend({
  group: z
    .object({
      count: z.int().positive().describe("Notifications in the group"),
      senders: z.int().positive().describe("Different members in the group"),
      unread: count.describe("Unread notifications in the group"),
    })
    .describe("Likes, favorites or comments of one kind on one connection; any other notification is a group of one"),
}).meta({ id: "NotificationGroup" });

/** `GET /notifications`: API.md's one notification per event, or with `?group=connection` the groups. */
export const NotificationList = z
  .union([z.array(Notification), z.array(NotificationGroup)])
  .meta({ id: "NotificationList" });

export const NotificationRead = z
  .object({ message: z.literal("Notifications marked as read"), count, updatedIds: z.array(id) })
  .meta({ id: "NotificationRead" });

export const AllNotificationsRead = z
  .object({ message: z.literal("All notifications marked as read"), count })
  .meta({ id: "AllNotificationsRead" });

// Reports and moderation

export const ReportFiled = z.object({ _id: id, status: z.literal("open") }).meta({ id: "ReportFiled" });

const reportReason = z.enum(REPORT_REASONS);

export const ReportCase = z
  .object({
    _id: id,
    target: z.object({ type: z.enum(REPORT_TARGET_TYPES), _id: id, summary: z.string(), url: z.string() }),
    reasons: z.partialRecord(reportReason, z.int().positive()).describe("How many reports gave each reason"),
    reportCount: z.int().nonnegative().describe("0 for a resolved case whose every reporter has since left"),
    firstReportedAt: dateTime,
    status: z.enum(REPORT_STATUSES),
    notes: z
      .array(z.object({ reason: reportReason, note: z.string(), createdAt: dateTime }))
      .describe("What reporters wrote, oldest first; reporters are not named"),
    resolution: z
      .object({ action: z.enum(RESOLVE_ACTIONS), note: z.string(), moderator: z.string(), resolvedAt: dateTime })
      .nullable(),
  })
  .meta({ id: "ReportCase" });

export const Resolution = z
  .object({ status: z.literal("resolved"), action: z.enum(RESOLVE_ACTIONS) })
  .meta({ id: "Resolution" });

// Account export

const dated = <Shape extends z.ZodRawShape>(shape: Shape) => z.object({ ...shape, createdAt: dateTime });

export const AccountExport = z
  .object({
    exportedAt: dateTime,
    profile: Me,
    connections: z.array(Connection).describe("Mine, private ones too, newest first"),
    comments: z.array(
      z.object({
        _id: id,
        text: z.string(),
        spoiler: z.boolean(),
        createdAt: dateTime,
        updatedAt: dateTime,
        connection: id,
      }),
    ),
    likes: z.array(dated({ connection: id })),
    favorites: z.array(dated({ connection: id })),
    following: z.array(dated({ user: UserSummary })),
    blocks: z.array(dated({ user: UserSummary })),
    notifications: z.array(Notification),
    reports: z
      .array(
        dated({
          _id: id,
          target: z.object({ type: z.enum(REPORT_TARGET_TYPES), _id: id }),
          reason: reportReason,
          note: z.string(),
          status: z.enum(REPORT_STATUSES),
        }),
      )
      .describe("Reports I filed"),
    verdicts: z.array(dated({ movie: TitleRef, book: TitleRef, choice: z.enum(VERDICT_CHOICES) })),
  })
  .meta({ id: "AccountExport" });

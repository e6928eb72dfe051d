import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import type { exportAccount } from "../../worker/core/account/index.ts";
import type { AuthUser, login } from "../../worker/core/auth/index.ts";
import type { getBook, getMovie, lookupWorks } from "../../worker/core/catalog/index.ts";
import type {
  ConnectionView,
  deleteConnection,
  listFeed,
  PopularTag as PopularTagView,
  personWithConnections,
  searchConnections,
} from "../../worker/core/connections/index.ts";
import type { CommentView, toggleLike } from "../../worker/core/discussion/index.ts";
import type { CaseView, fileReport, resolveCase } from "../../worker/core/moderation/index.ts";
import type {
  markAllNotificationsRead,
  markNotificationRead,
  NotificationView,
} from "../../worker/core/notifications/index.ts";
import type {
  acceptFollowRequest,
  block,
  FollowRequestView,
  followStatus,
  Me as MeView,
  Profile as ProfileView,
  UserSummary as UserSummaryView,
  unblock,
  unfollow,
} from "../../worker/core/people/index.ts";
import type { castVote } from "../../worker/core/verdicts/index.ts";
import { api } from "../../worker/http/api.ts";
import { apiDocument } from "../../worker/http/openapi/document.ts";
import type * as Shapes from "../../worker/http/openapi/shapes.ts";
import { type ApiAnswer, type OpenApiDocument, openApiChecker } from "../support/openapi.ts";

type Out<Schema extends z.ZodType> = z.output<Schema>;
type Answer<Fn extends (...args: never[]) => unknown> = Awaited<ReturnType<Fn>>;

const USER = {
  _id: "0123456789abcdef01234567",
  username: "reader",
  displayName: "",
  profilePictureUrl: "",
  profileImageUrl: "",
};
const CONNECTION = {
  _id: "0123456789abcdef0123456a",
  userRef: USER,
  context: "The film keeps the book's ending.",
  contextSpoiler: false,
  kind: "adaptation",
  tags: ["classics"],
  createdAt: "2026-01-02T03:04:05.000Z",
  updatedAt: "2026-01-02T03:04:05.000Z",
  likes: [],
  commentCount: 0,
  screenshotUrl: "",
  moviePosterUrl: "https://moviebooks.example/images/posters/a.png",
  bookCoverUrl: "",
  movieRef: {
    _id: "0123456789abcdef0123456b",
    title: "Little Women",
    year: 2019,
    director: "Greta Gerwig",
    directorSlug: "greta-gerwig",
    genres: [],
    actors: [],
    actorSlugs: [],
    synopsis: "",
    posterPath: "https://moviebooks.example/images/posters/a.png",
    externalIds: { tmdb: "331482" },
  },
  bookRef: null,
  verdict: { book: 1, film: 0, tie: 0, total: 1, mine: null },
};

describe("API answers checked against the document", async () => {
  const check = openApiChecker((await apiDocument(api, "https://moviebooks.example")) as unknown as OpenApiDocument);
  const answer = (path: string, body: unknown, extra: Partial<ApiAnswer> = {}): ApiAnswer => ({
    method: "GET",
    path,
    status: 200,
    contentType: "application/json; charset=UTF-8",
    body,
    ...extra,
  });

  it("passes an answer that is what API.md says", () => {
    expect(() => check(answer("/connections/0123456789abcdef0123456a", CONNECTION))).not.toThrow();
    expect(() =>
      check(answer("/connections?tags=classics", { connections: [CONNECTION], page: 1, pages: 1 })),
    ).not.toThrow();
    expect(() =>
      check(answer("/connections/0123456789abcdef0123456a", { message: "Connection not found" }, { status: 404 })),
    ).not.toThrow();
  });

  it.each([
    ["a field the document does not name", { ...CONNECTION, secret: "x" }, "must NOT have additional properties"],
    ["a missing field", { ...CONNECTION, commentCount: undefined }, "must have required property 'commentCount'"],
    ["a kind outside the enum", { ...CONNECTION, kind: "sequel" }, "must be equal to one of the allowed values"],
    ["null where the contract has none", { ...CONNECTION, tags: null }, "must be array"],
    ["a relative image URL", { ...CONNECTION, screenshotUrl: "/images/a.png" }, "must match pattern"],
    ["a date that is not ISO 8601", { ...CONNECTION, createdAt: "yesterday" }, 'must match format "date-time"'],
    [
      "a nested shape that drifted",
      { ...CONNECTION, userRef: { ...USER, profileImageUrl: undefined } },
      "profileImageUrl",
    ],
  ])("fails on %s", (_, body, message) => {
    expect(() => check(answer("/connections/0123456789abcdef0123456a", JSON.parse(JSON.stringify(body))))).toThrow(
      message,
    );
  });

  it("fails on an undocumented status, a route the document lacks, and JSON sent as something else", () => {
    expect(() => check(answer("/connections/0123456789abcdef0123456a", CONNECTION, { status: 202 }))).toThrow(
      "not among its documented statuses",
    );
    expect(() => check(answer("/connections/0123456789abcdef0123456a/secrets", {}, { status: 200 }))).toThrow(
      "does not describe it",
    );
    expect(() =>
      check(answer("/connections/0123456789abcdef0123456a", CONNECTION, { contentType: "text/html" })),
    ).toThrow("documented as JSON");
  });

  it("holds each status of a route to its own shape (a follow is 201, a follow request 202)", () => {
    const follow = (status: number, body: unknown) =>
      check(answer("/follows/0123456789abcdef01234567", body, { method: "POST", status }));
    expect(() => follow(201, { isFollowing: true, followerCount: 1 })).not.toThrow();
    expect(() => follow(202, { isFollowing: false, requested: true, followerCount: 0 })).not.toThrow();
    expect(() => follow(201, { isFollowing: false, requested: true, followerCount: 0 })).toThrow();
  });
});

// The same agreement at compile time: what the core returns is, field for field, the documented shape's type
// (`npm run typecheck` fails on drift before any test runs).
describe("the core's answer types", () => {
  it("are the documented shapes", () => {
    expectTypeOf<ConnectionView>().toEqualTypeOf<Out<typeof Shapes.Connection>>();
    expectTypeOf<UserSummaryView>().toEqualTypeOf<Out<typeof Shapes.UserSummary>>();
    expectTypeOf<ProfileView>().toEqualTypeOf<Out<typeof Shapes.Profile>>();
    expectTypeOf<MeView>().toEqualTypeOf<Out<typeof Shapes.Me>>();
    expectTypeOf<AuthUser>().toEqualTypeOf<Out<typeof Shapes.Auth>>();
    expectTypeOf<Answer<typeof login>>().toEqualTypeOf<Out<typeof Shapes.Auth>>();
    expectTypeOf<CommentView>().toEqualTypeOf<Out<typeof Shapes.Comment>>();
    expectTypeOf<NotificationView>().toEqualTypeOf<Out<typeof Shapes.Notification>>();
    expectTypeOf<FollowRequestView>().toEqualTypeOf<Out<typeof Shapes.FollowRequest>>();
    expectTypeOf<PopularTagView>().toEqualTypeOf<Out<typeof Shapes.PopularTag>>();
    expectTypeOf<CaseView>().toEqualTypeOf<Out<typeof Shapes.ReportCase>>();
    expectTypeOf<Answer<typeof getMovie>>().toEqualTypeOf<Out<typeof Shapes.Movie>>();
    expectTypeOf<Answer<typeof getBook>>().toEqualTypeOf<Out<typeof Shapes.Book>>();
    expectTypeOf<Answer<typeof lookupWorks>>().toEqualTypeOf<Out<typeof Shapes.LookupCandidates>>();
    expectTypeOf<Answer<typeof listFeed>>().toEqualTypeOf<Out<typeof Shapes.ConnectionPage>>();
    expectTypeOf<Answer<typeof searchConnections>>().toExtend<Out<typeof Shapes.SearchPage>>();
    expectTypeOf<Omit<Answer<typeof personWithConnections>, "totalCount">>().toEqualTypeOf<
      Out<typeof Shapes.PersonPage>
    >();
    expectTypeOf<Answer<typeof deleteConnection>>().toExtend<Out<typeof Shapes.ConnectionDeleted>>();
    expectTypeOf<Answer<typeof toggleLike>>().toEqualTypeOf<Out<typeof Shapes.LikeResult>>();
    expectTypeOf<Answer<typeof castVote>>().toEqualTypeOf<Out<typeof Shapes.Verdict>>();
    expectTypeOf<Answer<typeof unfollow>>().toExtend<Out<typeof Shapes.Unfollowed>>();
    expectTypeOf<Answer<typeof followStatus>>().toEqualTypeOf<Out<typeof Shapes.FollowState>>();
    expectTypeOf<Answer<typeof acceptFollowRequest>>().toEqualTypeOf<Out<typeof Shapes.FollowerCount>>();
    expectTypeOf<Answer<typeof block>>().toEqualTypeOf<Out<typeof Shapes.Blocked>>();
    expectTypeOf<Answer<typeof unblock>>().toEqualTypeOf<Out<typeof Shapes.Unblocked>>();
    expectTypeOf<Answer<typeof fileReport>>().toEqualTypeOf<Out<typeof Shapes.ReportFiled>>();
    expectTypeOf<Answer<typeof resolveCase>>().toEqualTypeOf<Out<typeof Shapes.Resolution>>();
    expectTypeOf<Answer<typeof markNotificationRead>>().toExtend<Out<typeof Shapes.NotificationRead>>();
    expectTypeOf<Answer<typeof markAllNotificationsRead>>().toExtend<Out<typeof Shapes.AllNotificationsRead>>();
    expectTypeOf<Answer<typeof exportAccount>["data"]>().toEqualTypeOf<Out<typeof Shapes.AccountExport>>();
  });
});

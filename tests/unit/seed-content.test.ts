import { describe, expect, it } from "vitest";
import {
  comments,
  connections,
  favorites,
  followRequests,
  follows,
  GENRES,
  likes,
  reportCases,
  type SeedReaction,
  textPosts,
  USERNAMES,
  users,
  verdictVotes,
} from "../../scripts/seed/content.ts";
import { DEMO_EMAIL } from "../../scripts/seed/demo-account.ts";
import { REPORT_REASONS } from "../../worker/core/rules/index.ts";

const USERNAME = /^[A-Za-z0-9_]{3,20}$/;
const TAG = /^[a-z0-9]+(?:[- ][a-z0-9]+)*$/;
const genreSet = new Set<string>(GENRES);
const usernames = new Set(users.map((u) => u.username));
const privateUsers = users.filter((u) => u.isPrivate);

function isValidIsbn13(isbn: string): boolean {
  if (!/^97[89]\d{10}$/.test(isbn)) return false;
  const digits = [...isbn].map(Number);
  const sum = digits.slice(0, 12).reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
}

const followersOf = (username: string) =>
  new Set(follows.filter(([, followee]) => followee === username).map(([follower]) => follower));
const followeesOf = (username: string) =>
  new Set(follows.filter(([follower]) => follower === username).map(([, followee]) => followee));

describe("seed content: users", () => {
  it("has at least 8 users, the first being the demo login", () => {
    expect(users.length).toBeGreaterThanOrEqual(8);
    expect(users[0]?.username).toBe("demo");
    expect(users[0]?.email).toBe(DEMO_EMAIL);
  });

  it("lists exactly the members named in USERNAMES", () => {
    expect(users.map((u) => u.username)).toEqual([...USERNAMES]);
  });

  it("has unique usernames and emails (case-insensitively) that follow the rules", () => {
    expect(new Set(users.map((u) => u.username.toLowerCase())).size).toBe(users.length);
    expect(new Set(users.map((u) => u.email.toLowerCase())).size).toBe(users.length);
    for (const user of users) {
      expect(user.username, user.username).toMatch(USERNAME);
      expect(user.email, user.username).toMatch(/^[^@\s]+@example\.com$/);
    }
  });

  it("respects the profile length limits", () => {
    for (const user of users) {
      expect(user.bio.length, user.username).toBeLessThanOrEqual(250);
      expect(user.location.length, user.username).toBeLessThanOrEqual(100);
      expect(user.displayName.trim().length, user.username).toBeGreaterThan(0);
      expect(Number.isInteger(user.avatarHue) && user.avatarHue >= 0 && user.avatarHue <= 359, user.username).toBe(
        true,
      );
    }
  });

  it("has exactly one private user, with 2-3 posts and at least 2 followers", () => {
    expect(privateUsers).toHaveLength(1);
    const secret = privateUsers[0]!.username;
    const posts = connections.filter((c) => c.author === secret).length;
    expect(posts).toBeGreaterThanOrEqual(2);
    expect(posts).toBeLessThanOrEqual(3);
    expect(followersOf(secret).size).toBeGreaterThanOrEqual(2);
    expect(users[0]?.isPrivate).toBe(false);
  });
});

describe("seed content: connections", () => {
  it("has at least 25 movie-book pairs and 4 text posts", () => {
    expect(connections.length).toBeGreaterThanOrEqual(25);
    expect(textPosts.length).toBeGreaterThanOrEqual(4);
  });

  it("has complete, well-formed movies and books", () => {
    for (const c of connections) {
      const label = `${c.movie.title} / ${c.book.title}`;
      expect(usernames.has(c.author), label).toBe(true);
      expect(c.movie.title.trim(), label).not.toBe("");
      expect(c.book.title.trim(), label).not.toBe("");
      expect(c.book.author.trim(), label).not.toBe("");
      expect(c.movie.actors.length, label).toBeGreaterThanOrEqual(2);
      expect(c.movie.actors.length, label).toBeLessThanOrEqual(4);
      expect(c.movie.genres.length, label).toBeGreaterThan(0);
      expect(c.book.genres.length, label).toBeGreaterThan(0);
      for (const genre of [...c.movie.genres, ...c.book.genres])
        expect(genreSet.has(genre), `${label}: ${genre}`).toBe(true);
      if (c.movie.year !== null) expect(c.movie.year >= 1888 && c.movie.year <= 2030, label).toBe(true);
      if (c.book.publicationYear !== null) expect(c.book.publicationYear <= 2030, label).toBe(true);
      if (c.book.isbn !== "") expect(isValidIsbn13(c.book.isbn), `${label}: ${c.book.isbn}`).toBe(true);
      expect(c.movie.synopsis.length, label).toBeGreaterThan(20);
      expect(c.book.synopsis.length, label).toBeGreaterThan(20);
      expect(c.context.length, label).toBeGreaterThan(40);
      expect(Number.isInteger(c.daysAgo) && c.daysAgo >= 0 && c.daysAgo <= 120, label).toBe(true);
      if (c.screenshot) expect(c.screenshot.caption.trim(), label).not.toBe("");
    }
  });

  it("describes a repeated movie or book identically (titles are unique keys in the database)", () => {
    const movies = new Map<string, string>();
    const books = new Map<string, string>();
    for (const c of connections) {
      const movieKey = c.movie.title.toLowerCase();
      const bookKey = `${c.book.title.toLowerCase()}|${c.book.author.toLowerCase()}`;
      const movieJson = JSON.stringify(c.movie);
      const bookJson = JSON.stringify(c.book);
      expect(movies.get(movieKey) ?? movieJson).toBe(movieJson);
      expect(books.get(bookKey) ?? bookJson).toBe(bookJson);
      movies.set(movieKey, movieJson);
      books.set(bookKey, bookJson);
    }
  });

  it("has 2-5 unique, lower-case tags on every post", () => {
    for (const post of [...connections, ...textPosts]) {
      expect(post.tags.length, post.context).toBeGreaterThanOrEqual(2);
      expect(post.tags.length, post.context).toBeLessThanOrEqual(5);
      expect(new Set(post.tags).size, post.context).toBe(post.tags.length);
      for (const tag of post.tags) {
        expect(tag, post.context).toBe(tag.toLowerCase());
        expect(tag, post.context).toMatch(TAG);
      }
    }
  });

  it("has well-formed text posts", () => {
    for (const post of textPosts) {
      expect(usernames.has(post.author)).toBe(true);
      expect(post.context.trim().length).toBeGreaterThan(20);
      expect(Number.isInteger(post.daysAgo) && post.daysAgo >= 0 && post.daysAgo <= 120).toBe(true);
    }
  });

  it("gives feed filters several results to find", () => {
    const count = <T>(values: T[]) => values.reduce((m, v) => m.set(v, (m.get(v) ?? 0) + 1), new Map<T, number>());
    const directors = count(connections.map((c) => c.movie.director));
    const authors = count(connections.map((c) => c.book.author));
    const genres = count(connections.flatMap((c) => c.movie.genres));
    const tags = count(connections.flatMap((c) => c.tags));
    expect(directors.get("Denis Villeneuve")).toBeGreaterThanOrEqual(2);
    expect(authors.get("Stephen King")).toBeGreaterThanOrEqual(2);
    expect(genres.get("Science Fiction")).toBeGreaterThanOrEqual(5);
    expect(tags.get("book-within-a-movie")).toBeGreaterThanOrEqual(3);
    expect(tags.get("thematic")).toBeGreaterThanOrEqual(3);
  });

  it("spreads posts over at least 8 members", () => {
    expect(new Set(connections.map((c) => c.author)).size).toBeGreaterThanOrEqual(8);
  });
});

describe("seed content: social graph and activity", () => {
  it("has valid follows: known users, no self-follow, no duplicates", () => {
    const seen = new Set<string>();
    for (const [follower, followee] of follows) {
      expect(usernames.has(follower) && usernames.has(followee)).toBe(true);
      expect(follower).not.toBe(followee);
      const key = `${follower}>${followee}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
  });

  it("has follow requests to the private member only, from members not following them yet, once each", () => {
    const secret = privateUsers[0]!.username;
    const requesters = followRequests.map(([requester, target]) => {
      expect(target).toBe(secret);
      expect(usernames.has(requester)).toBe(true);
      expect(followersOf(secret).has(requester), requester).toBe(false);
      return requester;
    });
    expect(requesters.length).toBeGreaterThan(0);
    expect(new Set(requesters).size).toBe(requesters.length);
  });

  it("gives the demo user 3-4 followees and 3+ followers", () => {
    expect(followeesOf("demo").size).toBeGreaterThanOrEqual(3);
    expect(followeesOf("demo").size).toBeLessThanOrEqual(4);
    expect(followersOf("demo").size).toBeGreaterThanOrEqual(3);
  });

  const checkReactions = (name: string, list: SeedReaction[], minimum: number) => {
    it(`has ${minimum}+ ${name}, in range, unique, never on one's own post`, () => {
      expect(list.length).toBeGreaterThanOrEqual(minimum);
      const seen = new Set<string>();
      for (const r of list) {
        expect(usernames.has(r.user)).toBe(true);
        expect(Number.isInteger(r.connection) && r.connection >= 0 && r.connection < connections.length).toBe(true);
        expect(connections[r.connection]?.author, `${r.user} on #${r.connection}`).not.toBe(r.user);
        const key = `${r.user}:${r.connection}`;
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
      }
    });
  };
  checkReactions("likes", likes, 60);
  checkReactions("favorites", favorites, 20);

  it("spreads likes unevenly (some posts are popular)", () => {
    const perPost = connections.map((_, i) => likes.filter((l) => l.connection === i).length);
    expect(Math.max(...perPost)).toBeGreaterThanOrEqual(6);
    expect(Math.min(...perPost)).toBeLessThanOrEqual(1);
  });

  it("has 40+ comments over 15+ connections, with back-and-forth threads", () => {
    expect(comments.length).toBeGreaterThanOrEqual(40);
    expect(new Set(comments.map((c) => c.connection)).size).toBeGreaterThanOrEqual(15);
    const threadsWithAuthorReply = new Set(
      comments.filter((c) => connections[c.connection]?.author === c.user).map((c) => c.connection),
    );
    expect(threadsWithAuthorReply.size).toBeGreaterThanOrEqual(3);
  });

  it("has well-formed comments that happen after their post and before now", () => {
    for (const c of comments) {
      const post = connections[c.connection];
      expect(post, `comment on #${c.connection}`).toBeDefined();
      expect(usernames.has(c.user)).toBe(true);
      expect(c.text.trim().length).toBeGreaterThan(0);
      expect(c.text.length).toBeLessThanOrEqual(1000);
      expect(Number.isInteger(c.minutesAfterPost) && c.minutesAfterPost > 0).toBe(true);
      expect(c.minutesAfterPost, c.text).toBeLessThan((post?.daysAgo ?? 0) * 24 * 60);
    }
  });

  it("lets only the private user's followers (and the user) interact with the private user's posts", () => {
    const secret = privateUsers[0]!.username;
    const allowed = followersOf(secret);
    const interactions = [
      ...likes.map((l) => ({ kind: "like", ...l })),
      ...favorites.map((f) => ({ kind: "favorite", ...f })),
      ...comments.map((c) => ({ kind: "comment", user: c.user, connection: c.connection })),
    ];
    const onPrivatePosts = interactions.filter((i) => connections[i.connection]?.author === secret);
    expect(onPrivatePosts.length).toBeGreaterThan(0);
    for (const i of onPrivatePosts) {
      const ok = allowed.has(i.user) || (i.kind === "comment" && i.user === secret);
      expect(ok, `${i.kind} by ${i.user} on #${i.connection}`).toBe(true);
    }
  });
});

describe("seed content: moderation", () => {
  const moderators = users.filter((u) => u.moderator);

  it("has exactly one moderator, public, who posts nothing", () => {
    expect(moderators.map((u) => u.email)).toEqual(["moderator@example.com"]);
    const moderator = moderators[0]!;
    expect(moderator.isPrivate).toBe(false);
    expect([...connections, ...textPosts].some((post) => post.author === moderator.username)).toBe(false);
    expect(comments.some((c) => c.user === moderator.username)).toBe(false);
  });

  it("has two or more open cases, each of a public member's post or comment, reported by others, once each", () => {
    expect(reportCases.length).toBeGreaterThanOrEqual(2);
    for (const entry of reportCases) {
      const post = connections[entry.connection];
      expect(post).toBeDefined();
      const comment = entry.comment === undefined ? null : comments[entry.comment];
      if (comment) expect(comment.connection).toBe(entry.connection);
      const author = comment ? comment.user : post!.author;
      expect(privateUsers.some((u) => u.username === post!.author)).toBe(false);
      const reporters = entry.reports.map((report) => report.reporter);
      expect(new Set(reporters).size).toBe(reporters.length);
      for (const report of entry.reports) {
        expect(usernames.has(report.reporter)).toBe(true);
        expect(report.reporter).not.toBe(author);
        expect(REPORT_REASONS).toContain(report.reason);
        expect((report.note ?? "").length).toBeLessThanOrEqual(500);
        expect(report.hoursAgo).toBeGreaterThan(0);
      }
    }
    expect(reportCases.some((entry) => entry.comment !== undefined)).toBe(true);
    expect(reportCases.some((entry) => entry.comment === undefined && entry.reports.length > 1)).toBe(true);
  });
});

describe("seed content: Book or film?", () => {
  it("has votes on at least ten adaptations, one per member per pair, never on the private member's posts", () => {
    const pairs = new Set<string>();
    const seen = new Set<string>();
    for (const vote of verdictVotes) {
      const connection = connections[vote.connection]!;
      expect(connection.kind, connection.movie.title).toBe("adaptation");
      expect(usernames.has(vote.user)).toBe(true);
      expect(privateUsers.map((u) => u.username)).not.toContain(connection.author);
      const pair = `${connection.movie.title}\u0000${connection.book.title}`;
      const key = `${pair}\u0000${vote.user}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
      pairs.add(pair);
    }
    expect(pairs.size).toBeGreaterThanOrEqual(10);
  });

  it("sets a kind on every pair, with several of each", () => {
    for (const kind of ["adaptation", "theme", "cameo"]) {
      expect(connections.filter((c) => c.kind === kind).length, kind).toBeGreaterThanOrEqual(5);
    }
  });
});

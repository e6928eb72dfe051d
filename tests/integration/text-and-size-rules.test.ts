import { request as httpRequest } from "node:http";
import { eq } from "drizzle-orm";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../worker/core/auth/index.ts";
import { CONNECTION_MESSAGES } from "../../worker/core/connections/index.ts";
import { COMMENT_MESSAGES } from "../../worker/core/discussion/index.ts";
import {
  COMMENT_MAX,
  CONNECTION_LIMITS,
  LOOKUP_MESSAGES,
  MAX_IMAGE_BYTES,
  PROFILE_LIMITS,
  PROFILE_MESSAGES,
} from "../../worker/core/rules/index.ts";
import { comments, users } from "../../worker/db/schema.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, cookieFrom, nextClientAddress, postForm, registerUser } from "../support/http.ts";

/**
 * Text rules shared by the browser and the server (issue 18): control characters are refused, text of invisible
 * characters only is empty, names lose bidirectional overrides, passwords have a maximum, and no request body is
 * read past its route's cap.
 */

const CONTROL_CHARACTERS = "Text cannot contain control characters (such as NUL).";
const PASSWORD_TOO_LONG = "Password cannot be more than 128 characters long.";
const REQUEST_TOO_LARGE = "This request is too large. It can be at most 256 KB.";
const FILES_TOO_LARGE = "The files are too large. Maximum size is 5MB per image.";

let app: TestApp;
let member: Awaited<ReturnType<typeof registerUser>>;
let cookie: string;
let connectionId: string;
beforeAll(async () => {
  app = await startTestApp();
  member = await registerUser(app);
  cookie = cookieFrom(await postForm(app, "/login", { email: member.email, password: member.password }));
  const posted = await api(app, "POST", "/connections", {
    token: member.token,
    body: { movieTitle: "Arrival", bookTitle: "Story of Your Life", context: "Heptapods." },
  });
  connectionId = posted.body._id;
});
afterAll(() => app?.close());

const ZERO_WIDTH = "\u200B\u200C\u200D\u2060\uFEFF";

describe("control characters", () => {
  it.each([
    ["a NUL in a comment", () => `/connections/${connectionId}/comments`, { text: "before\u0000after" }],
    ["a NUL in a context", () => "/connections", { context: "cut\u0000here" }],
    ["a backspace in a title", () => "/connections", { movieTitle: "Dune\b", bookTitle: "Dune" }],
    ["an escape in a tag", () => "/connections", { context: "x", tags: "ok, \u001b[31mred" }],
    ["a C1 control in a bio", () => "/users/profile", { bio: "hello\u0085" }],
  ])("refuses %s with a 400 and stores nothing", async (_case, path, body) => {
    const method = path() === "/users/profile" ? "PUT" : "POST";
    const before = await app.db.select().from(comments);
    const response = await api(app, method, path(), { token: member.token, body });
    expect(response).toMatchObject({ status: 400, body: { message: CONTROL_CHARACTERS } });
    expect(await app.db.select().from(comments)).toHaveLength(before.length);
  });

  it("keeps line breaks and tabs in text that has lines", async () => {
    const text = "First line\r\nsecond\tcolumn";
    const response = await api(app, "POST", `/connections/${connectionId}/comments`, {
      token: member.token,
      body: { text },
    });
    expect(response.status).toBe(201);
    expect(response.body.text).toBe(text);
  });

  it("shows the message at the field on a page posted without JavaScript", async () => {
    const response = await postForm(app, "/profile/edit", { displayName: "ok", bio: "bad\u0007bell" }, { cookie });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(CONTROL_CHARACTERS);
  });
});

describe("invisible characters", () => {
  it("count as empty: a context of zero-width spaces is no context", async () => {
    const response = await api(app, "POST", "/connections", { token: member.token, body: { context: ZERO_WIDTH } });
    expect(response).toMatchObject({ status: 400, body: { message: CONNECTION_MESSAGES.needTitlesOrContext } });
  });

  it("count as empty: a comment of zero-width spaces is an empty comment", async () => {
    const response = await api(app, "POST", `/connections/${connectionId}/comments`, {
      token: member.token,
      body: { text: ` ${ZERO_WIDTH} ` },
    });
    expect(response).toMatchObject({ status: 400, body: { message: COMMENT_MESSAGES.empty } });
  });

  it("drop a tag of zero-width spaces and trim them off the ends of text", async () => {
    const response = await api(app, "POST", "/connections", {
      token: member.token,
      body: { context: `\u200BKept\u200B`, tags: `${ZERO_WIDTH}, real\u200B, \u200Balso real` },
    });
    expect(response.status).toBe(201);
    expect(response.body.context).toBe("Kept");
    expect(response.body.tags).toEqual(["real", "also real"]);
  });

  it("stay inside text, where emoji and scripts need them", async () => {
    const family = "👩\u200D👩\u200D👧";
    const response = await api(app, "POST", `/connections/${connectionId}/comments`, {
      token: member.token,
      body: { text: `A ${family} read it` },
    });
    expect(response.body.text).toBe(`A ${family} read it`);
  });
});

describe("names", () => {
  it("lose bidirectional overrides, embeddings and isolates", async () => {
    const response = await api(app, "PUT", "/users/profile", {
      token: member.token,
      body: { displayName: "\u202Eevil\u202C \u2067gnp.exe\u2069 name\u202D" },
    });
    expect(response.status).toBe(200);
    expect(response.body.displayName).toBe("evil gnp.exe name");
    const [row] = await app.db.select().from(users).where(eq(users.id, member._id));
    expect(row?.displayName).toBe("evil gnp.exe name");
  });

  it("of only invisible characters are no name", async () => {
    const response = await api(app, "PUT", "/users/profile", {
      token: member.token,
      body: { displayName: `\u202E${ZERO_WIDTH}` },
    });
    expect(response.body.displayName).toBe("");
  });

  it("lose them in works' titles and people's names too", async () => {
    const response = await api(app, "POST", "/connections", {
      token: member.token,
      body: {
        movieTitle: "\u202EThe Thing",
        bookTitle: "Who Goes There?\u202C",
        bookAuthor: "\u2066John W. Campbell\u2069",
      },
    });
    expect(response.status).toBe(201);
    expect(response.body.movieRef.title).toBe("The Thing");
    expect(response.body.bookRef.title).toBe("Who Goes There?");
    expect(response.body.bookRef.author).toBe("John W. Campbell");
  });
});

describe("passwords", () => {
  const long = "p".repeat(129);

  it("are at most 128 characters at sign-up", async () => {
    const body = { username: "long_pass", email: "long@example.com", password: long };
    expect(await api(app, "POST", "/auth/register", { body })).toMatchObject({
      status: 400,
      body: { message: PASSWORD_TOO_LONG },
    });
    const exact = await api(app, "POST", "/auth/register", { body: { ...body, password: "p".repeat(128) } });
    expect(exact.status).toBe(201);
  });

  it("are at most 128 characters when changed", async () => {
    const response = await api(app, "PUT", "/users/password", {
      token: member.token,
      body: { currentPassword: member.password, newPassword: long },
    });
    expect(response).toMatchObject({ status: 400, body: { message: PASSWORD_TOO_LONG } });
  });

  it("show the maximum on the sign-up page", async () => {
    const response = await postForm(app, "/signup", {
      username: "long_page",
      email: "long_page@example.com",
      password: long,
      confirmPassword: long,
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(PASSWORD_TOO_LONG);
  });

  it("keep the spec's first messages first", async () => {
    const response = await api(app, "POST", "/auth/register", {
      body: { username: "x", email: "x@example.com", password: long },
    });
    expect(response.body).toEqual({ message: AUTH_MESSAGES.usernameLength });
  });
});

/**
 * Sends a request whose headers announce `announced` bytes (or a chunked body when null) but sends only `sent`
 * of them, and resolves with the answer: a server that reads the whole body first never answers.
 */
function partialRequest(
  path: string,
  headers: Record<string, string>,
  announced: number | null,
  sent: number,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, app.url);
    const outgoing = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: {
          "CF-Connecting-IP": nextClientAddress(),
          Origin: app.url,
          ...headers,
          ...(announced === null ? { "Transfer-Encoding": "chunked" } : { "Content-Length": String(announced) }),
        },
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () => {
          resolve({ status: response.statusCode ?? 0, body });
          outgoing.destroy();
        });
      },
    );
    const timer = setTimeout(() => {
      outgoing.destroy();
      reject(new Error("no answer before the whole body was sent"));
    }, 10_000);
    outgoing.on("close", () => clearTimeout(timer));
    outgoing.on("error", () => undefined);
    const chunk = Buffer.alloc(64 * 1024, "a");
    for (let written = 0; written < sent; written += chunk.length) outgoing.write(chunk);
  });
}

describe("request bodies", () => {
  it("are refused with a 413 from the announced length, before they are read", async () => {
    const answer = await partialRequest("/api/auth/login", { "Content-Type": "application/json" }, 100_000_000, 65_536);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ message: REQUEST_TOO_LARGE });
  });

  it("are refused with a 413 once a body without a length passes the cap", async () => {
    const answer = await partialRequest("/api/auth/register", { "Content-Type": "application/json" }, null, 1_048_576);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ message: REQUEST_TOO_LARGE });
  });

  it("are refused on pages with the site's error page and a 413", async () => {
    const answer = await partialRequest(
      "/login",
      { "Content-Type": "application/x-www-form-urlencoded" },
      100_000_000,
      65_536,
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toContain(REQUEST_TOO_LARGE);
    expect(answer.body).toContain("<title>");
  });

  it("of uploads are refused past room for three 5 MB images", async () => {
    const answer = await partialRequest(
      "/api/connections",
      { "Content-Type": "multipart/form-data; boundary=x", Authorization: `Bearer ${member.token}` },
      100_000_000,
      65_536,
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ message: FILES_TOO_LARGE });
  });

  it("sent as JSON to an address that takes uploads get the text cap: JSON carries no files", async () => {
    const answer = await partialRequest(
      "/api/connections",
      { "Content-Type": "application/json", Authorization: `Bearer ${member.token}` },
      300 * 1024,
      300 * 1024,
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ message: REQUEST_TOO_LARGE });
  });

  it("are read as the form they are, whatever the case of their media type", async () => {
    const body = new FormData();
    body.set("movieTitle", "Case Film");
    body.set("bookTitle", "Case Book");
    const request = new Request("http://x", { method: "POST", body });
    const type = request.headers.get("Content-Type")?.replace("multipart/form-data", "Multipart/Form-Data") ?? "";
    const response = await fetch(`${app.url}/api/connections`, {
      method: "POST",
      headers: {
        "Content-Type": type,
        Authorization: `Bearer ${member.token}`,
        "CF-Connecting-IP": nextClientAddress(),
      },
      body: await request.arrayBuffer(),
    });
    expect(response.status).toBe(201);
    // The cap and the reader agree on what a body is: one that says it is a form is read as a form, never as JSON.
    const claimed = await fetch(`${app.url}/api/connections`, {
      method: "POST",
      headers: {
        "Content-Type": "Multipart/Form-Data; boundary=x",
        Authorization: `Bearer ${member.token}`,
        "CF-Connecting-IP": nextClientAddress(),
      },
      body: JSON.stringify({ movieTitle: "Case Film", bookTitle: "Case Book" }),
    });
    expect(claimed.status).toBe(400);
    expect(await claimed.json()).toEqual({ message: "Invalid form data." });
  });

  it("of uploads carry three images of almost 5 MB each", async () => {
    const body = new FormData();
    body.set("movieTitle", "Big Fish");
    body.set("bookTitle", "Big Fish");
    for (const [index, field] of ["moviePoster", "bookCover", "screenshot"].entries()) {
      const bytes = noisePng(index);
      expect(bytes.length).toBeGreaterThan(MAX_IMAGE_BYTES - 100_000);
      expect(bytes.length).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
      body.set(field, new File([bytes as BlobPart], `${field}.png`, { type: "image/png" }));
    }
    const response = await api(app, "POST", "/connections", { token: member.token, body });
    expect(response.status).toBe(201);
    expect(response.body.screenshotUrl).not.toBe("");
  });
});

/** A real PNG of random pixels (which do not compress) just under 5 MB. */
function noisePng(seed: number): Uint8Array {
  const png = new PNG({ width: 1140, height: 1140 });
  let state = seed + 1;
  for (let index = 0; index < png.data.length; index++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    png.data[index] = state >>> 24;
  }
  return new Uint8Array(PNG.sync.write(png));
}

describe("lengths", () => {
  // Outside the Basic Multilingual Plane: one character, two UTF-16 units.
  const wide = (count: number) => "😀".repeat(count);

  it("count characters, so a name, a place or a bio of emoji gets its whole limit", async () => {
    const { displayName, bio, location } = PROFILE_LIMITS;
    const full = await api(app, "PUT", "/users/profile", {
      token: member.token,
      body: { displayName: wide(displayName), bio: wide(bio), location: wide(location) },
    });
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({ displayName: wide(displayName), bio: wide(bio), location: wide(location) });
    for (const [field, message] of [
      ["displayName", PROFILE_MESSAGES.displayNameTooLong],
      ["bio", PROFILE_MESSAGES.bioTooLong],
      ["location", PROFILE_MESSAGES.locationTooLong],
    ] as const) {
      const over = await api(app, "PUT", "/users/profile", {
        token: member.token,
        body: { [field]: wide(PROFILE_LIMITS[field] + 1) },
      });
      expect(over.body).toEqual({ message });
    }
  });

  it("count characters at their minimum too: three emoji are three characters of a password's six", async () => {
    const signUp = (password: string) =>
      api(app, "POST", "/auth/register", {
        body: { username: `wide_${password.length}`, email: `wide_${password.length}@example.com`, password },
      });
    expect((await signUp(wide(3))).body).toEqual({ message: AUTH_MESSAGES.passwordLength });
    expect((await signUp(wide(6))).status).toBe(201);
  });

  it("count characters in a connection's titles, context and tags, and in a comment", async () => {
    const { title, context, listItem } = CONNECTION_LIMITS;
    const posted = await api(app, "POST", "/connections", {
      token: member.token,
      body: { movieTitle: wide(title), bookTitle: "Kept", context: wide(context), tags: wide(listItem) },
    });
    expect(posted.status).toBe(201);
    expect(posted.body.tags).toEqual([wide(listItem)]);
    const longTitle = await api(app, "POST", "/connections", {
      token: member.token,
      body: { movieTitle: wide(title + 1), bookTitle: "Kept" },
    });
    expect(longTitle.body).toEqual({ message: `Movie title cannot be more than ${title} characters long.` });
    const lookup = (q: string) => api(app, "GET", `/catalog/lookup?type=movie&q=${encodeURIComponent(q)}`);
    expect((await lookup(wide(title))).status).toBe(200);
    expect((await lookup(wide(title + 1))).body).toEqual({ message: LOOKUP_MESSAGES.tooLong });
    const comment = await api(app, "POST", `/connections/${posted.body._id}/comments`, {
      token: member.token,
      body: { text: wide(COMMENT_MAX) },
    });
    expect(comment.status).toBe(201);
    const longComment = await api(app, "POST", `/connections/${posted.body._id}/comments`, {
      token: member.token,
      body: { text: wide(COMMENT_MAX + 1) },
    });
    expect(longComment.body).toEqual({ message: COMMENT_MESSAGES.tooLong });
  });
});

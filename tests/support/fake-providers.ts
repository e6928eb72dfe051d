import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { testPng } from "./images.ts";

/**
 * Stand-ins for the title providers' documented HTTP APIs (TMDB, Open Library with its Covers API, Wikidata's
 * MediaWiki API), on 127.0.0.1, answering from fixtures in the providers' own record shapes
 * (tests/support/fixtures/providers), so tests never reach the network. `mode` makes one fail (500), answer
 * garbage (an HTML page where JSON belongs) or hang (never answer); `images` makes its pictures a PNG, an HTML page
 * or a file over the 5 MB limit. `requests` lists every request, to count calls and read headers.
 */
export interface FakeProvider {
  url: string;
  mode: "ok" | "fail" | "garbage" | "hang";
  images: "png" | "html" | "huge";
  requests: Array<{ path: string; headers: IncomingHttpHeaders }>;
  /** Requests whose path starts with `prefix`. */
  count(prefix: string): number;
  close(): Promise<void>;
}

interface Reply {
  status: number;
  body: string | Uint8Array;
  type?: string;
  headers?: Record<string, string>;
  /** Sent without a Content-Length, so only reading it shows its size. */
  chunked?: boolean;
}

const fixture = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`./fixtures/providers/${name}`, import.meta.url), "utf8")) as T;
const json = (body: unknown, status = 200): Reply => ({ status, body: JSON.stringify(body), type: "application/json" });
const contains = (text: string, query: string) => text.toLowerCase().includes(query.trim().toLowerCase());

/** The picture a fake serves for any artwork URL, per its `images` setting. */
function picture(fake: FakeProvider, seed: string): Reply {
  if (fake.images === "html") return { status: 200, body: "<!doctype html><p>Not a picture</p>", type: "image/jpeg" };
  if (fake.images === "huge") {
    const png = testPng(seed);
    const huge = new Uint8Array(6 * 1024 * 1024);
    huge.set(png.subarray(0, 16));
    huge.set(png.subarray(png.length - 12), huge.length - 12);
    return { status: 200, body: huge, type: "image/png", chunked: true };
  }
  return { status: 200, body: testPng(seed), type: "image/png" };
}

async function startFake(route: (url: URL, fake: FakeProvider, headers: IncomingHttpHeaders) => Reply) {
  const hanging = new Set<ServerResponse>();
  const fake: FakeProvider = {
    url: "",
    mode: "ok",
    images: "png",
    requests: [],
    count: (prefix) => fake.requests.filter((request) => request.path.startsWith(prefix)).length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://fake.invalid");
    fake.requests.push({ path: `${url.pathname}${url.search}`, headers: request.headers });
    if (fake.mode === "hang") {
      hanging.add(response);
      return;
    }
    const reply =
      fake.mode === "fail"
        ? { status: 500, body: "<html><body><h1>500 Internal Server Error</h1></body></html>", type: "text/html" }
        : fake.mode === "garbage"
          ? { status: 200, body: "<html><body>Service temporarily unavailable</body></html>", type: "text/html" }
          : route(url, fake, request.headers);
    const length = typeof reply.body === "string" ? Buffer.byteLength(reply.body) : reply.body.length;
    response.writeHead(reply.status, {
      "Content-Type": reply.type ?? "text/plain",
      ...(reply.chunked ? {} : { "Content-Length": String(length) }),
      ...reply.headers,
    });
    response.end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

interface TmdbMovie {
  id: number;
  title: string;
  release_date: string;
  poster_path: string | null;
  genres: Array<{ id: number }>;
  [field: string]: unknown;
}

/** Fields of a movie that TMDB's search results carry (a movie list item). */
const SEARCH_FIELDS = [
  "adult",
  "backdrop_path",
  "id",
  "original_language",
  "original_title",
  "overview",
  "popularity",
  "poster_path",
  "release_date",
  "title",
  "video",
  "vote_average",
  "vote_count",
];

/**
 * TMDB's API v3 (`TMDB_API_URL` = url) and image host (`TMDB_IMAGE_URL` = url + "/t/p"): `GET /search/movie` and
 * `GET /movie/{id}` with `append_to_response`, authorised by the `api_key` parameter or a Bearer token.
 */
export async function startFakeTmdb(apiKey = "0123456789abcdef0123456789abcdef") {
  const { movies } = fixture<{ movies: TmdbMovie[] }>("tmdb-movies.json");
  const tmdbError = (status: number, status_code: number, status_message: string) =>
    json({ success: false, status_code, status_message }, status);
  const fake = await startFake((url, fake, headers) => {
    if (url.pathname.startsWith("/t/p/")) return picture(fake, url.pathname);
    const key = url.searchParams.get("api_key") ?? headers.authorization?.replace(/^Bearer /, "");
    if (key !== apiKey) return tmdbError(401, 7, "Invalid API key: You must be granted a valid key.");
    if (url.pathname === "/search/movie") {
      const query = url.searchParams.get("query") ?? "";
      const year = url.searchParams.get("primary_release_year");
      const results = movies
        .filter((movie) => contains(movie.title, query) && (!year || movie.release_date.startsWith(year)))
        .map((movie) => ({
          ...Object.fromEntries(SEARCH_FIELDS.map((field) => [field, movie[field]])),
          genre_ids: movie.genres.map((genre) => genre.id),
        }));
      return json({ page: 1, results, total_pages: 1, total_results: results.length });
    }
    const details = /^\/movie\/(\d+)$/.exec(url.pathname);
    const movie = details && movies.find((candidate) => String(candidate.id) === details[1]);
    if (!movie) return tmdbError(404, 34, "The resource you requested could not be found.");
    const appended = (url.searchParams.get("append_to_response") ?? "").split(",");
    const { credits, external_ids, ...own } = movie;
    return json({
      ...own,
      ...(appended.includes("credits") ? { credits } : {}),
      ...(appended.includes("external_ids") ? { external_ids } : {}),
    });
  });
  return Object.assign(fake, { apiKey });
}

interface OpenLibraryDoc {
  key: string;
  title: string;
  cover_i?: number;
  isbn?: string[];
  [field: string]: unknown;
}

/**
 * Open Library (`OPEN_LIBRARY_URL` and `OPEN_LIBRARY_COVERS_URL` both = url): `GET /search.json` by title with
 * `fields` and `limit`, `GET /works/{id}.json`, and the Covers API (`/b/id/…`, `/b/isbn/…`, which redirect to the
 * image file as the real one redirects to archive.org; `default=false` makes a missing cover a 404).
 */
export async function startFakeOpenLibrary() {
  const { docs } = fixture<{ docs: OpenLibraryDoc[] }>("open-library-works.json");
  return startFake((url, fake) => {
    if (url.pathname === "/search.json") {
      const title = url.searchParams.get("title") ?? url.searchParams.get("q") ?? "";
      const fields = url.searchParams.get("fields")?.split(",");
      const limit = Number(url.searchParams.get("limit") ?? 100);
      const found = docs.filter((doc) => contains(doc.title, title));
      const shown = found
        .slice(0, limit)
        .map((doc) =>
          fields ? Object.fromEntries(Object.entries(doc).filter(([field]) => fields.includes(field))) : doc,
        );
      return json({ numFound: found.length, start: 0, numFoundExact: true, docs: shown, q: "", offset: null });
    }
    const work = /^\/works\/(OL\d+W)\.json$/.exec(url.pathname);
    if (work) {
      const doc = docs.find((candidate) => candidate.key === `/works/${work[1]}`);
      if (!doc) return json({ error: "notfound", key: `/works/${work[1]}` }, 404);
      return json({
        key: doc.key,
        title: doc.title,
        type: { key: "/type/work" },
        covers: doc.cover_i ? [-1, doc.cover_i] : undefined,
        latest_revision: 12,
        revision: 12,
      });
    }
    const cover = /^\/b\/(id|isbn)\/(\d+)-([SML])\.jpg$/.exec(url.pathname);
    if (cover) {
      const [, key, value, size] = cover;
      const known =
        key === "id"
          ? docs.some((doc) => String(doc.cover_i) === value)
          : docs.some((doc) => doc.isbn?.includes(value ?? ""));
      if (!known) {
        return url.searchParams.get("default") === "false"
          ? { status: 404, body: "Not Found", type: "text/plain" }
          : { status: 200, body: new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]), type: "image/gif" };
      }
      return { status: 302, body: "", headers: { Location: `/download/${key}-${value}-${size}.jpg` } };
    }
    if (url.pathname.startsWith("/download/")) return picture(fake, url.pathname);
    return { status: 404, body: "Not Found", type: "text/html" };
  });
}

interface WikidataEntity {
  id: string;
  labels: { en?: { value: string } };
  descriptions: { en?: { value: string } };
  [field: string]: unknown;
}

/**
 * Wikidata's MediaWiki API (`WIKIDATA_URL` = url + "/w/api.php"): `action=wbsearchentities` over the items'
 * English labels and `action=wbgetentities` with `props`. Like Wikimedia's servers, it refuses requests without a
 * User-Agent.
 */
export async function startFakeWikidata() {
  const { entities } = fixture<{ entities: WikidataEntity[] }>("wikidata-entities.json");
  return startFake((url, _fake, headers) => {
    if (!headers["user-agent"]) {
      return { status: 403, body: "Please set a user-agent and respect our robot policy.", type: "text/plain" };
    }
    if (url.pathname !== "/w/api.php") return { status: 404, body: "Not Found", type: "text/html" };
    const action = url.searchParams.get("action");
    if (action === "wbsearchentities") {
      const search = url.searchParams.get("search") ?? "";
      const limit = Number(url.searchParams.get("limit") ?? 7);
      const found = entities.filter((entity) => contains(entity.labels.en?.value ?? "", search)).slice(0, limit);
      return json({
        searchinfo: { search },
        search: found.map((entity) => ({
          id: entity.id,
          title: entity.id,
          pageid: Number(entity.id.slice(1)),
          concepturi: `http://www.wikidata.org/entity/${entity.id}`,
          repository: "wikidata",
          url: `//www.wikidata.org/wiki/${entity.id}`,
          display: {
            label: { value: entity.labels.en?.value, language: "en" },
            description: { value: entity.descriptions.en?.value, language: "en" },
          },
          label: entity.labels.en?.value,
          description: entity.descriptions.en?.value,
          match: { type: "label", language: "en", text: entity.labels.en?.value },
        })),
        success: 1,
      });
    }
    if (action === "wbgetentities") {
      const props = (
        url.searchParams.get("props") ?? "info|sitelinks|aliases|labels|descriptions|claims|datatype"
      ).split("|");
      const answer = Object.fromEntries(
        (url.searchParams.get("ids") ?? "").split("|").map((id) => {
          const entity = entities.find((candidate) => candidate.id === id);
          if (!entity) return [id, { id, missing: "" }];
          const { id: _, type, ...fields } = entity;
          return [
            id,
            { type, id, ...Object.fromEntries(Object.entries(fields).filter(([field]) => props.includes(field))) },
          ];
        }),
      );
      return json({ entities: answer, success: 1 });
    }
    return json({ error: { code: "badvalue", info: `Unrecognized value for parameter "action": ${action}.` } });
  });
}

export type FakeTmdb = Awaited<ReturnType<typeof startFakeTmdb>>;

/** All three fakes, and the Worker variables that point the lookup at them (with a TMDB key). */
export async function startFakeProviders() {
  const [tmdb, openLibrary, wikidata] = await Promise.all([
    startFakeTmdb(),
    startFakeOpenLibrary(),
    startFakeWikidata(),
  ]);
  return {
    tmdb,
    openLibrary,
    wikidata,
    vars: {
      TMDB_API_KEY: tmdb.apiKey,
      TMDB_API_URL: tmdb.url,
      TMDB_IMAGE_URL: `${tmdb.url}/t/p`,
      OPEN_LIBRARY_URL: openLibrary.url,
      OPEN_LIBRARY_COVERS_URL: openLibrary.url,
      WIKIDATA_URL: `${wikidata.url}/w/api.php`,
    },
    all: [tmdb, openLibrary, wikidata] as FakeProvider[],
    close: () => Promise.all([tmdb.close(), openLibrary.close(), wikidata.close()]).then(() => undefined),
  };
}

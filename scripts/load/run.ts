/**
 * `npm run load`: a realistic mix of traffic against the built Worker in workerd (loopback only), for a
 * bounded time, then a check that no write was lost.
 *
 * Simulated members browse the feed and pages, search, like and unlike, comment, and post connections with an
 * image, each keeping a record of what the server said succeeded. Afterwards the database must hold exactly
 * those likes and comments and connections, and the kept counts against a recount. Any 5xx, or any mismatch,
 * makes the run fail.
 *
 * It reports the throughput, and per route the count, requests per second and p50/p95/p99 times.
 *
 * Settings: LOAD_SECONDS (60), LOAD_MEMBERS (50), LOAD_BUILD=0 to skip `npm run build`.
 */
import { execSync } from "node:child_process";
import { and, count, eq, inArray } from "drizzle-orm";
import { startTestApp } from "../../tests/support/app.ts";
import { driftedCounts } from "../../tests/support/counts.ts";
import { comments, connections, likes } from "../../worker/db/schema.ts";
import { pick } from "../bench/random.ts";
import { renderPoster } from "../seed/images.ts";

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const MEMBERS = Number(process.env.LOAD_MEMBERS ?? 50);

if (process.env.LOAD_BUILD !== "0") execSync("npm run build", { stdio: "ignore" });
console.log(`Starting a seeded MovieBooks in workerd; ${MEMBERS} members for ${SECONDS} s…`);
const app = await startTestApp({ seed: true });

interface Sample {
  kind: string;
  ms: number;
  status: number;
}
const samples: Sample[] = [];
const poster = renderPoster({ title: "Load", year: 2026, director: "Load Test", seed: "load" });

/** Runs one request, recording its time and status; answers the status and body text (null if it failed). */
async function timed(kind: string, request: () => Promise<Response>): Promise<{ status: number; text: string } | null> {
  const started = performance.now();
  try {
    const response = await request();
    const text = await response.text();
    samples.push({ kind, ms: performance.now() - started, status: response.status });
    return { status: response.status, text };
  } catch {
    samples.push({ kind, ms: performance.now() - started, status: 0 });
    return null;
  }
}

interface Member {
  id: string;
  token: string;
  address: string;
  liked: Set<string>;
  comments: number;
  posts: string[];
}

async function register(index: number): Promise<Member> {
  const address = `10.99.${index >> 8}.${index & 255}`;
  const response = await fetch(`${app.url}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": address },
    body: JSON.stringify({
      username: `load_${index}_${Date.now() % 100000}`,
      email: `load${index}.${Date.now()}@example.com`,
      password: "loadtest1",
    }),
  });
  const body = (await response.json()) as { _id: string; token: string };
  return { id: body._id, token: body.token, address, liked: new Set(), comments: 0, posts: [] };
}

const TERMS = ["dune", "king", "adaptation", "war", "love", "ishiguro", "villeneuve", "zz-no-match"];

async function act(member: Member, feedIds: string[], authorIds: string[]) {
  const headers = { Authorization: `Bearer ${member.token}`, "CF-Connecting-IP": member.address };
  const cookie = { Cookie: `mb_session=${member.token}`, "CF-Connecting-IP": member.address };
  const roll = Math.random();
  if (roll < 0.25) {
    const response = await timed("page: feed", () =>
      fetch(`${app.url}/?page=${1 + Math.floor(Math.random() * 3)}`, { headers: cookie }),
    );
    if (response?.status !== 200) return;
  } else if (roll < 0.37) {
    await timed("page: connection", () =>
      fetch(`${app.url}/connections/${pick(Math.random, feedIds)}`, { headers: cookie }),
    );
  } else if (roll < 0.43) {
    await timed("page: profile", () => fetch(`${app.url}/users/${pick(Math.random, authorIds)}`, { headers: cookie }));
  } else if (roll < 0.48) {
    await timed("page: search", () => fetch(`${app.url}/search?q=${pick(Math.random, TERMS)}`, { headers: cookie }));
  } else if (roll < 0.6) {
    await timed("api: search", () =>
      fetch(`${app.url}/api/connections/search?q=${pick(Math.random, TERMS)}`, { headers }),
    );
  } else if (roll < 0.78) {
    const id = pick(Math.random, feedIds);
    const response = await timed("api: like", () =>
      fetch(`${app.url}/api/connections/${id}/like`, { method: "POST", headers }),
    );
    if (response?.status === 200) {
      if (member.liked.has(id)) member.liked.delete(id);
      else member.liked.add(id);
    }
  } else if (roll < 0.93) {
    const response = await timed("api: comment", () =>
      fetch(`${app.url}/api/connections/${pick(Math.random, feedIds)}/comments`, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json" },
        body: JSON.stringify({ text: `Load comment ${Math.random().toString(36).slice(2)}` }),
      }),
    );
    if (response?.status === 201) member.comments += 1;
  } else {
    const form = new FormData();
    form.set("movieTitle", `Load Movie ${Math.floor(Math.random() * 50)}`);
    form.set("bookTitle", `Load Book ${Math.floor(Math.random() * 50)}`);
    form.set("context", "Posted under load.");
    form.set("tags", "load, test");
    form.set("moviePoster", new File([poster as BlobPart], "poster.png", { type: "image/png" }));
    const response = await timed("api: post with image", () =>
      fetch(`${app.url}/api/connections`, { method: "POST", headers, body: form }),
    );
    if (response?.status === 201) member.posts.push((JSON.parse(response.text) as { _id: string })._id);
  }
}

try {
  const members = await Promise.all(Array.from({ length: MEMBERS }, (_, index) => register(index)));
  const feed = (await (await fetch(`${app.url}/api/connections`)).json()) as {
    connections: Array<{ _id: string; userRef: { _id: string } }>;
  };
  const feedIds = feed.connections.map((connection) => connection._id);
  const authorIds = [...new Set(feed.connections.map((connection) => connection.userRef._id))];
  const deadline = Date.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    members.map(async (member) => {
      while (Date.now() < deadline) await act(member, feedIds, authorIds);
    }),
  );
  const elapsed = (performance.now() - started) / 1000;

  // Lost writes: the database must agree with what every member was told.
  const memberIds = members.map((member) => member.id);
  const likeRows = await app.db
    .select({ userId: likes.userId, connectionId: likes.connectionId })
    .from(likes)
    .where(inArray(likes.userId, memberIds));
  const [commentRow] = await app.db.select({ n: count() }).from(comments).where(inArray(comments.userId, memberIds));
  const [postRow] = await app.db.select({ n: count() }).from(connections).where(inArray(connections.userId, memberIds));
  const expectedLikes = members.flatMap((member) => [...member.liked].map((id) => `${member.id}:${id}`)).sort();
  const actualLikes = likeRows.map((row) => `${row.userId}:${row.connectionId}`).sort();
  const expectedComments = members.reduce((sum, member) => sum + member.comments, 0);
  const expectedPosts = members.reduce((sum, member) => sum + member.posts.length, 0);
  const missingPosts = await Promise.all(
    members
      .flatMap((member) => member.posts)
      .map(
        async (id) =>
          (
            await app.db
              .select({ id: connections.id })
              .from(connections)
              .where(and(eq(connections.id, id)))
          ).length === 0,
      ),
  );

  const byKind = Map.groupBy(samples, (sample) => sample.kind);
  const percentile = (values: number[], p: number) =>
    values.sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;
  console.log(
    `\n${samples.length} requests in ${elapsed.toFixed(1)} s: ${(samples.length / elapsed).toFixed(1)} requests/s\n`,
  );
  console.log("| request | count | per second | p50 ms | p95 ms | p99 ms | 4xx | 5xx/failed |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const [kind, list] of [...byKind].sort()) {
    const times = list.map((sample) => sample.ms);
    const clientErrors = list.filter((sample) => sample.status >= 400 && sample.status < 500).length;
    const serverErrors = list.filter((sample) => sample.status >= 500 || sample.status === 0).length;
    console.log(
      `| ${kind} | ${list.length} | ${(list.length / elapsed).toFixed(1)} | ${percentile([...times], 50).toFixed(1)} | ${percentile([...times], 95).toFixed(1)} | ${percentile([...times], 99).toFixed(1)} | ${clientErrors} | ${serverErrors} |`,
    );
  }
  const serverErrors = samples.filter((sample) => sample.status >= 500 || sample.status === 0).length;
  const likesOk = JSON.stringify(expectedLikes) === JSON.stringify(actualLikes);
  const commentsOk = commentRow?.n === expectedComments;
  const postsOk = postRow?.n === expectedPosts && !missingPosts.some(Boolean);
  console.log(
    `\nLikes: ${actualLikes.length} in the database, ${expectedLikes.length} expected: ${likesOk ? "match" : "MISMATCH"}`,
  );
  console.log(
    `Comments: ${commentRow?.n} in the database, ${expectedComments} expected: ${commentsOk ? "match" : "MISMATCH"}`,
  );
  console.log(`Posts: ${postRow?.n} in the database, ${expectedPosts} expected: ${postsOk ? "match" : "MISMATCH"}`);
  // The kept counts (decision 010, and the ranked sorts' week counts) must have followed every concurrent write.
  const drifted = await driftedCounts(app.db);
  const countsOk = drifted.length === 0;
  console.log(
    `Kept counts against a recount: ${countsOk ? "match" : `MISMATCH ${JSON.stringify(drifted.slice(0, 10))}`}`,
  );
  const passed = serverErrors === 0 && likesOk && commentsOk && postsOk && countsOk;
  console.log(passed ? "\nLoad test passed: no 5xx, no lost writes." : "\nLoad test FAILED.");
  process.exitCode = passed ? 0 : 1;
} finally {
  await app.close();
}

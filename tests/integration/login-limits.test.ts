import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app.ts";
import { api, nextClientAddress, postForm } from "../support/http.ts";

/**
 * Login and registration limits (issue 18, decision 027): per account as well as per address, IPv6 counted per /64,
 * kept by a Durable Object so every isolate and location sees one count; a member's own networks are never locked
 * out by someone else's guessing.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const LIMITED = { message: "Too many attempts. Please wait a minute and try again." };
let counter = 0;

/** A member registered from `ip`, which becomes one of their known networks. */
async function member(ip = nextClientAddress()) {
  counter += 1;
  const input = { username: `limited_${counter}`, email: `limited_${counter}@example.com`, password: "right-password" };
  const response = await api(app, "POST", "/auth/register", { body: input, ip });
  expect(response.status).toBe(201);
  return { ...input, ip };
}

const login = (email: string, password: string, ip = nextClientAddress()) =>
  api(app, "POST", "/auth/login", { body: { email, password }, ip });

/** An IPv6 address in the /64 `prefix` (four groups), with `host` as its last group. */
const v6 = (prefix: string, host: number) => `${prefix}::${host.toString(16)}`;

describe("per account", () => {
  it("answers 429 once an account has had ten wrong passwords, from however many addresses", async () => {
    const { email } = await member();
    const statuses = [];
    for (let attempt = 0; attempt < 20; attempt++) statuses.push((await login(email, `wrong-${attempt}`)).status);
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(10).fill(429)]);
    const limited = await login(email, "wrong-again");
    expect(limited).toMatchObject({ status: 429, body: LIMITED });
    expect(limited.headers.get("Retry-After")).toBe("60");
  });

  it("counts an e-mail address nobody registered the same way, so a 429 says nothing about accounts", async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push((await login("nobody-here@example.com", `guess-${attempt}`)).status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });

  it("does not count the right password: a member who logs in often is never limited", async () => {
    const { email, password } = await member();
    for (let attempt = 0; attempt < 15; attempt++) expect((await login(email, password)).status).toBe(200);
  });

  it("keeps a member's own network open while others guess at the account", async () => {
    const { email, password, ip } = await member();
    for (let attempt = 0; attempt < 12; attempt++) await login(email, `wrong-${attempt}`);
    // From where they registered, the member logs in (and a typo there is only a typo).
    expect((await login(email, "typo", ip)).status).toBe(401);
    expect((await login(email, password, ip)).status).toBe(200);
    // A network the account has never used waits for the cool-down, whatever the password.
    expect(await login(email, password)).toMatchObject({ status: 429, body: LIMITED });
  });

  it("learns a network from a successful login", async () => {
    const { email, password } = await member();
    const cafe = nextClientAddress();
    expect((await login(email, password, cafe)).status).toBe(200);
    for (let attempt = 0; attempt < 12; attempt++) await login(email, `wrong-${attempt}`);
    expect((await login(email, password, cafe)).status).toBe(200);
  });

  it("applies to the login form with the same message", async () => {
    const { email } = await member();
    for (let attempt = 0; attempt < 10; attempt++) await login(email, `wrong-${attempt}`);
    const response = await postForm(app, "/login", { email, password: "wrong" });
    expect(response.status).toBe(429);
    expect(await response.text()).toContain(LIMITED.message);
  });

  it("limits sign-ups for one e-mail address from many addresses", async () => {
    const { email } = await member();
    const statuses = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const body = { username: `taken_try_${attempt}`, email, password: "secret12" };
      statuses.push((await api(app, "POST", "/auth/register", { body })).status);
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
  });
});

describe("per address", () => {
  it("counts every IPv6 address of one /64 as one address", async () => {
    const statuses = [];
    for (let host = 1; host <= 11; host++) {
      statuses.push((await login(`v6_${host}@example.com`, "wrong", v6("2001:db8:aa:1", host))).status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    // Written out in full, it is the same network.
    expect((await login("v6_full@example.com", "wrong", "2001:0db8:00aa:0001:ffff:0:0:1")).status).toBe(429);
    // The next /64 is another.
    expect((await login("v6_next@example.com", "wrong", v6("2001:db8:aa:2", 1))).status).toBe(401);
  });

  it("shares one budget between logins and sign-ups from an address", async () => {
    const ip = nextClientAddress();
    for (let attempt = 0; attempt < 5; attempt++) await login(`mixed_${attempt}@example.com`, "wrong", ip);
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const body = { username: `mixed_${attempt}`, email: `mixed_new_${attempt}@example.com`, password: "secret12" };
      statuses.push((await api(app, "POST", "/auth/register", { body, ip })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it("counts an IPv4 address written as IPv6 as that IPv4 address", async () => {
    const ip = "198.51.100.200";
    for (let attempt = 0; attempt < 10; attempt++) await login(`mapped_${attempt}@example.com`, "wrong", ip);
    expect((await login("mapped_x@example.com", "wrong", "::ffff:198.51.100.200")).status).toBe(429);
  });
});

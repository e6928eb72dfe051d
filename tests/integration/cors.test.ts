import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app.ts";
import { registerUser } from "../support/http.ts";

// API.md "General rules" and "For other clients and the open web": CORS for /api from CORS_ORIGINS.
const ALLOWED = "https://client.example";
const ALSO_ALLOWED = "http://127.0.0.1:5500";
const OTHER = "https://elsewhere.example";

let app: TestApp;
let unconfigured: TestApp;
beforeAll(async () => {
  // Spaces, a trailing slash, an upper-case host and an entry that is no origin, as an operator might write them.
  app = await startTestApp({ vars: { CORS_ORIGINS: ` https://CLIENT.example/ ,${ALSO_ALLOWED},not an origin,` } });
  unconfigured = await startTestApp();
});
afterAll(async () => {
  await app?.close();
  await unconfigured?.close();
});

function preflight(target: TestApp, path: string, origin: string) {
  return fetch(`${target.url}${path}`, {
    method: "OPTIONS",
    headers: {
      Origin: origin,
      "Access-Control-Request-Method": "PUT",
      "Access-Control-Request-Headers": "authorization,content-type",
    },
  });
}

function corsHeaders(response: Response): string[] {
  return [...response.headers.keys()].filter((name) => name.startsWith("access-control-"));
}

const varyNames = (response: Response) =>
  (response.headers.get("vary") ?? "").split(",").map((name) => name.trim().toLowerCase());

describe("CORS for an allowed origin", () => {
  it("answers the preflight 204 with the origin, the methods, the three headers, a max age and Vary: Origin", async () => {
    for (const origin of [ALLOWED, ALSO_ALLOWED]) {
      const response = await preflight(app, "/api/users/profile", origin);
      expect(response.status).toBe(204);
      expect(await response.text()).toBe("");
      expect(response.headers.get("access-control-allow-origin")).toBe(origin);
      expect(response.headers.get("access-control-allow-methods")).toBe("GET,POST,PUT,PATCH,DELETE");
      expect(response.headers.get("access-control-allow-headers")).toBe("Authorization,Content-Type,Idempotency-Key");
      expect(Number(response.headers.get("access-control-max-age"))).toBeGreaterThan(0);
      expect(response.headers.get("access-control-allow-credentials")).toBeNull();
      expect(varyNames(response)).toContain("origin");
    }
  });

  it("puts the allow-origin header and Vary: Origin on actual answers, errors included", async () => {
    const member = await registerUser(app);
    const calls: Array<[string, string, RequestInit, number]> = [
      ["GET", "/api/connections", {}, 200],
      ["PUT", "/api/users/profile", { body: JSON.stringify({ bio: "From another site" }) }, 200],
      ["GET", "/api/users/me/export", { headers: { Authorization: "Bearer nonsense" } }, 401],
      ["GET", "/api/no-such-route", {}, 404],
    ];
    for (const [method, path, init, status] of calls) {
      const response = await fetch(app.url + path, {
        method,
        ...init,
        headers: {
          Origin: ALLOWED,
          Authorization: `Bearer ${member.token}`,
          "Content-Type": "application/json",
          ...(init.headers as Record<string, string> | undefined),
        },
      });
      expect(response.status, `${method} ${path}`).toBe(status);
      expect(response.headers.get("access-control-allow-origin"), `${method} ${path}`).toBe(ALLOWED);
      expect(varyNames(response), `${method} ${path}`).toContain("origin");
      expect(response.headers.get("access-control-expose-headers"), `${method} ${path}`).toBe("Idempotent-Replayed");
    }
  });
});

describe("CORS for any other origin", () => {
  it("answers its preflight as a same-origin OPTIONS is answered, with no CORS header", async () => {
    const sameOrigin = await fetch(`${app.url}/api/users/profile`, { method: "OPTIONS" });
    for (const target of [app, unconfigured]) {
      const response = await preflight(target, "/api/users/profile", OTHER);
      expect(response.status).toBe(sameOrigin.status);
      expect(await response.json()).toEqual({ message: "Not Found - OPTIONS /api/users/profile" });
      expect(corsHeaders(response)).toEqual([]);
    }
  });

  it("answers its requests exactly as same-origin ones, with no CORS header", async () => {
    for (const target of [app, unconfigured]) {
      for (const origin of [OTHER, target.url, "null"]) {
        const response = await fetch(`${target.url}/api/health`, { headers: { Origin: origin } });
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ status: "ok" });
        expect(corsHeaders(response)).toEqual([]);
      }
    }
  });

  it("is no prefix match: an allowed origin's look-alikes get nothing", async () => {
    for (const origin of [`${ALLOWED}.evil.example`, "http://client.example", "https://client.example:8443"]) {
      const response = await preflight(app, "/api/connections", origin);
      expect(corsHeaders(response), origin).toEqual([]);
    }
  });
});

describe("outside /api", () => {
  it("pages and feeds carry no CORS header, even for an allowed origin", async () => {
    for (const path of ["/", "/feed.xml", "/robots.txt"]) {
      const response = await fetch(app.url + path, { headers: { Origin: ALLOWED } });
      expect(response.status, path).toBe(200);
      expect(corsHeaders(response), path).toEqual([]);
    }
  });
});

import type { TestApp } from "./app.ts";
import { expectMatchesOpenApi } from "./openapi.ts";

let addressCounter = 0;
/** A fresh client address per call, so tests do not share the login rate limit unless they mean to. */
export function nextClientAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls the JSON API the way an existing client would. */
export async function api<T = any>(
  app: Pick<TestApp, "url">,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { "CF-Connecting-IP": options.ip ?? nextClientAddress(), ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || typeof options.body === "string") body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["Content-Type"] = "application/json";
  }
  const response = await fetch(`${app.url}/api${path}`, { method, headers, body });
  const text = await response.text();
  const parsed = text ? JSON.parse(text) : null;
  // Every API call in the suite doubles as a check of the OpenAPI document (decision 024).
  await expectMatchesOpenApi(app.url, {
    method,
    path,
    status: response.status,
    contentType: response.headers.get("Content-Type"),
    body: parsed,
  });
  return { status: response.status, body: parsed, headers: response.headers };
}

/** The exact bytes of an API answer, for calls whose answers must stay byte for byte the same. */
export async function rawApi(app: TestApp, method: string, path: string, token: string) {
  const response = await fetch(`${app.url}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "CF-Connecting-IP": nextClientAddress() },
  });
  const text = await response.text();
  await expectMatchesOpenApi(app.url, {
    method,
    path,
    status: response.status,
    contentType: response.headers.get("Content-Type"),
    body: text ? JSON.parse(text) : null,
  });
  return { status: response.status, text };
}

let userCounter = 0;
/** Registers a new member through the API and returns the Auth response (with its token). */
export async function registerUser(
  app: TestApp,
  overrides: Partial<{ username: string; email: string; password: string }> = {},
) {
  userCounter += 1;
  const suffix = `${process.pid % 1000}_${userCounter}`;
  const input = {
    username: `member_${suffix}`,
    email: `member_${suffix}@example.com`,
    password: "password123",
    ...overrides,
  };
  const response = await api(app, "POST", "/auth/register", { body: input });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { ...response.body, password: input.password } as {
    _id: string;
    username: string;
    email: string;
    token: string;
    password: string;
  };
}

/** Posts a form to a page action as a same-origin browser would (Origin header set), without following redirects. */
export async function postForm(
  app: TestApp,
  path: string,
  fields: Record<string, string>,
  options: { cookie?: string; origin?: string; ip?: string } = {},
) {
  const headers: Record<string, string> = {
    Origin: options.origin ?? app.url,
    "CF-Connecting-IP": options.ip ?? nextClientAddress(),
  };
  if (options.cookie) headers.Cookie = options.cookie;
  return fetch(app.url + path, { method: "POST", body: new URLSearchParams(fields), headers, redirect: "manual" });
}

/** The `name=value` part of a response's Set-Cookie, ready to send back as a Cookie header. */
export function cookieFrom(response: Response): string {
  const header = response.headers.get("set-cookie") ?? "";
  return header.split(";")[0] ?? "";
}

import { expect } from "vitest";
import type { TestApp } from "./app.ts";
import { api } from "./http.ts";

/** A connection posted through the API as a multipart form, so it can carry PNG images; its answer's body. */
export async function postConnectionWithImages(
  app: TestApp,
  token: string,
  fields: Record<string, string>,
  files: Record<string, Uint8Array> = {},
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  for (const [name, bytes] of Object.entries(files)) {
    body.set(name, new File([bytes as BlobPart], `${name}.png`, { type: "image/png" }));
  }
  const response = await api(app, "POST", "/connections", { token, body });
  expect(response.status).toBe(201);
  return response.body;
}

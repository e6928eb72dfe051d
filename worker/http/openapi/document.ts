import type { Hono } from "hono";
import { generateSpecs } from "hono-openapi";

/**
 * The OpenAPI 3.1 document of every `/api` route, built from the descriptions the routers carry (decision
 * 024). The servers entry is the origin that asked, so the document works wherever the app runs.
 */
// biome-ignore lint/suspicious/noExplicitAny: the api app's env and schema types do not matter for reading its routes.
export async function apiDocument(api: Hono<any, any, any>, origin: string) {
  const document = await generateSpecs(api, {
    documentation: {
      openapi: "3.1.0",
      info: {
        title: "MovieBooks API",
        version: "1.0.0",
        description: "Movies and the books they share something with. Every error answers `{message}`.",
      },
      servers: [{ url: `${origin}/api` }],
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "The token from /auth/login" } },
      },
    },
    exclude: ["/openapi.json", "/docs"],
  });
  return document;
}

import { Hono } from "hono";
import type { AppEnv } from "../../context.ts";
import { readBearerToken, readSessionCookie, resolveViewer } from "../../core/auth/index.ts";
import { imageAccess, shareImage } from "../../core/connections/index.ts";

const CACHED_FOR_A_YEAR = "public, max-age=31536000, immutable";

/**
 * Streams uploaded images from R2, each only to whom `imageAccess` lets see it (decision 028): a private member's
 * connection images answer only their followers and themselves, asked on every request, with the cache lifetime
 * the rule gives. The content type is the one sniffed at upload, and nosniff stops browsers guessing. Share images
 * answer only for connections a visitor may see (decision 025), so their R2 keys are never served as plain images.
 */
export const images = new Hono<AppEnv>()
  .get("/share/:file", async (c) => {
    const answer = await shareImage(c.var.services, c.req.param("file"));
    if (!answer) return c.text("Image not found", 404);
    if ("redirect" in answer) return c.redirect(answer.redirect, 301);
    return new Response(answer.png, {
      headers: { "Content-Type": "image/png", "Cache-Control": CACHED_FOR_A_YEAR, "X-Content-Type-Options": "nosniff" },
    });
  })
  .get("/*", async (c) => {
    const key = c.req.path.slice("/images/".length);
    const { services } = c.var;
    // Image requests carry the pages' cookie, or an API client's Bearer token; the viewer is looked up only when
    // the image's owner is private.
    const viewer = async () => {
      const token =
        readBearerToken(c.req.header("Authorization") ?? null) ?? readSessionCookie(c.req.header("Cookie") ?? null);
      return (await resolveViewer(services, token)).viewer;
    };
    const access = await imageAccess(services, key, viewer);
    const object = access ? await c.env.IMAGES.get(key) : null;
    if (!access || !object) return c.text("Image not found", 404);
    const headers = new Headers({
      "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
      "Cache-Control": access.cacheControl,
      "X-Content-Type-Options": "nosniff",
      ETag: object.httpEtag,
    });
    // The answer depends on who asks when the image is private: no cache may hand one viewer's answer to another.
    if (access.audience === "private") headers.set("Vary", "Cookie, Authorization");
    return new Response(object.body, { headers });
  });

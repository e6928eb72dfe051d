import { Hono } from "hono";
import type { AppEnv } from "../../context.ts";
import { readBearerToken, readSessionCookie, resolveViewer } from "../../core/auth/index.ts";
import { imageAccess, SHARE_IMAGE_CACHE_CONTROL, shareImage } from "../../core/connections/index.ts";
import { originalImageKey } from "../../core/images/index.ts";

const imageHeaders = (contentType: string, etag: string, cacheControl: string) => ({
  "Content-Type": contentType,
  "Cache-Control": cacheControl,
  "X-Content-Type-Options": "nosniff",
  ETag: etag,
});

/**
 * Streams uploaded images and their WebP copies (decision 036) from R2, each only to whom `imageAccess` lets see it
 * (decision 028): a private member's connection images answer only their followers and themselves, asked on every
 * request, with the cache lifetime the rule gives. ETags and 304 serve a client that has the image; the content type
 * is the one sniffed at upload, and nosniff stops browsers guessing. Share images
 * answer only for connections a visitor may see (decision 025), so their R2 keys are never served as plain images.
 */
export const images = new Hono<AppEnv>()
  .get("/share/:file", async (c) => {
    const answer = await shareImage(c.var.services, c.req.param("file"), c.req.header("If-None-Match") ?? null);
    if (!answer) return c.text("Image not found", 404);
    if ("redirect" in answer) return c.redirect(answer.redirect, 301);
    const headers = imageHeaders("image/png", answer.etag, SHARE_IMAGE_CACHE_CONTROL);
    if ("notModified" in answer) return new Response(null, { status: 304, headers });
    return new Response(answer.png, { headers });
  })
  .get("/*", async (c) => {
    const key = c.req.path.slice("/images/".length);
    const original = originalImageKey(key);
    if (!original) return c.text("Image not found", 404);
    const { services } = c.var;
    // Image requests carry the pages' cookie, or an API client's Bearer token; the viewer is looked up only when
    // the image's owner is private.
    const viewer = async () => {
      const token =
        readBearerToken(c.req.header("Authorization") ?? null) ?? readSessionCookie(c.req.header("Cookie") ?? null);
      return (await resolveViewer(services, token)).viewer;
    };
    const access = await imageAccess(services, key, viewer);
    if (!access) return c.text("Image not found", 404);
    const conditions = { onlyIf: c.req.raw.headers };
    let object = await c.env.IMAGES.get(key, conditions);
    let cacheControl = access.cacheControl;
    if (!object && key !== original) {
      // A copy not made yet (an image stored before copies existed, or one the Worker left to the conversion
      // script) is answered with the original, for a while only: the copy will take its place under the same URL.
      object = await c.env.IMAGES.get(original, conditions);
      cacheControl = access.interimCacheControl;
    }
    if (!object) return c.text("Image not found", 404);
    const headers = new Headers(
      imageHeaders(object.httpMetadata?.contentType ?? "application/octet-stream", object.httpEtag, cacheControl),
    );
    // The answer depends on who asks when the image is private: no cache may hand one viewer's answer to another.
    if (access.audience === "private") headers.set("Vary", "Cookie, Authorization");
    // R2 answers a matching If-None-Match with the object's metadata only.
    if (!("body" in object)) return new Response(null, { status: 304, headers });
    return new Response(object.body, { headers });
  });

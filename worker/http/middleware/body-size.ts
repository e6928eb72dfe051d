import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../context.ts";
import { AppError, apiErrorBody } from "../../core/errors.ts";
import { REQUEST_LIMITS, REQUEST_MESSAGES } from "../../core/rules/index.ts";
import { isMultipart } from "../body.ts";
import { isApiPath } from "../doors.ts";

/**
 * The addresses that take image files, at both doors: the API's create and update of a connection and the profile
 * picture, and the pages' create, edit and profile forms (a page posted with JavaScript goes to its `.data` address).
 */
const UPLOADS = [
  /^\/api\/connections(\/[^/]+)?$/,
  /^\/api\/users\/profile\/picture$/,
  /^\/(create|connections\/[^/]+\/edit|profile\/edit)(\.data)?$/,
];

/**
 * Every request body is read only up to its route's cap (decision 029): an announced length over it is refused
 * at once, without reading the body; a body sent without a length is counted as it arrives and refused once it
 * passes the cap. The API answers the 413 as `{message}`; a page shows it as its error page (the root route's
 * middleware throws the refusal before any action reads the form).
 */
export const bodySizeCap = createMiddleware<AppEnv>(async (c, next) => {
  const path = c.req.path;
  // Only a multipart body can carry files: a JSON or urlencoded one gets the text cap on any route.
  const upload = UPLOADS.some((pattern) => pattern.test(path)) && isMultipart(c.req.header("Content-Type"));
  const refusal = () => new AppError(413, upload ? REQUEST_MESSAGES.filesTooLarge : REQUEST_MESSAGES.tooLarge);
  const capped = bodyLimit({
    maxSize: upload ? REQUEST_LIMITS.uploadBytes : REQUEST_LIMITS.textBytes,
    onError: async (c) => {
      if (isApiPath(path)) return c.json(apiErrorBody(refusal()), 413);
      c.var.services.refusal = refusal();
      await next();
      return c.res;
    },
  });
  return capped(c, next);
});

import { describeRoute, resolver } from "hono-openapi";
import { z } from "zod";

/** API.md: every error leaves as `{message}`. */
export const ErrorBody = z.object({ message: z.string() }).meta({ id: "Error" });

type Access = "public" | "optional" | "member" | "moderator";

interface Operation {
  access?: Access;
  /** What a client should know beyond the summary (a departure from API.md, say). */
  description?: string;
  /** The success status; 200 unless said. */
  status?: number;
  /** Other success statuses the route may answer (a follow request is 202 where a follow is 201). */
  alsoSucceeds?: number[];
  /** Error statuses API.md lists for the route, beyond those implied by `access`. */
  errors?: number[];
  /** The request body's zod schema (its input side), when the route reads one. */
  body?: z.ZodType;
  /** The request body may also come as multipart/form-data (create/update with files). */
  multipart?: boolean;
  /** The route takes image files (size and type are checked). */
  uploads?: boolean;
  /** The success body's zod schema. */
  success?: z.ZodType;
  query?: Record<string, string>;
}

const REASONS: Record<number, string> = {
  400: "Bad input",
  401: "Not logged in",
  403: "Not allowed",
  404: "Not found",
  409: "Conflict",
  413: "File too large",
  415: "Not an accepted image type",
  429: "Too many attempts",
  500: "Something went wrong on our side",
};

function errorResponse(status: number) {
  return [
    String(status),
    { description: REASONS[status] ?? "Error", content: { "application/json": { schema: resolver(ErrorBody) } } },
  ];
}

/**
 * The OpenAPI description of one `/api` route, placed first among its handlers: tag, summary, bearer security
 * for member and optional routes, the request body from the same zod schema the core validates with, and the
 * success and `{message}` error responses.
 */
export function operation(tag: string, summary: string, spec: Operation = {}) {
  const access = spec.access ?? "public";
  // Any route can fail unexpectedly; the API still answers `{message}`.
  const errors = new Set([...(spec.errors ?? []), 500]);
  if (access === "member" || access === "moderator") errors.add(401);
  if (access === "moderator") errors.add(403);
  // A malformed id is refused with 400 before it is looked up.
  if (errors.has(404)) errors.add(400);
  if (spec.uploads || spec.multipart) {
    errors.add(413);
    errors.add(415);
  }
  const success = spec.success
    ? { content: { "application/json": { schema: resolver(spec.success) } } }
    : { content: { "application/json": {} } };
  // hono-openapi converts zod schemas on their input side by default, which is what a client sends.
  const bodySchema = spec.body ? resolver(spec.body) : undefined;
  return describeRoute({
    tags: [tag],
    summary,
    ...(spec.description ? { description: spec.description } : {}),
    ...(access === "public" ? {} : { security: access === "optional" ? [{}, { bearer: [] }] : [{ bearer: [] }] }),
    ...(spec.query
      ? {
          parameters: Object.entries(spec.query).map(([name, description]) => ({
            name,
            in: "query" as const,
            required: false,
            description,
            schema: { type: "string" as const },
          })),
        }
      : {}),
    ...(bodySchema
      ? {
          requestBody: {
            required: true,
            content: {
              "application/json": { schema: bodySchema },
              ...(spec.multipart ? { "multipart/form-data": { schema: bodySchema } } : {}),
            },
          },
        }
      : {}),
    responses: {
      ...Object.fromEntries(
        [spec.status ?? 200, ...(spec.alsoSucceeds ?? [])].map((status) => [
          String(status),
          { description: "Success", ...success },
        ]),
      ),
      ...Object.fromEntries([...errors].sort((a, b) => a - b).map(errorResponse)),
    },
  });
}

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
  /** The success body: a named shape from `shapes.ts` (or an array of one). */
  success: z.ZodType;
  /** Other success statuses the route may answer, with their bodies (a follow request is 202 where a follow is 201). */
  alsoSucceeds?: Record<number, z.ZodType>;
  /** Error statuses API.md lists for the route, beyond those implied by `access`. */
  errors?: number[];
  /** The request body's zod schema (its input side), when the route reads one. */
  body?: z.ZodType;
  /**
   * The image files the route takes, by field name, and whether each must be sent: the request is then
   * multipart/form-data, with the body's fields beside the files. A file's type and size are judged by its bytes.
   */
  files?: Record<string, "required" | "optional">;
  query?: Record<string, string>;
  /** Optional request headers the route reads, by name, with what each does. */
  headers?: Record<string, string>;
  /** Headers the success answer may carry, by name, with what each says. */
  successHeaders?: Record<string, string>;
}

const REASONS: Record<number, string> = {
  400: "Bad input",
  401: "Not logged in",
  403: "Not allowed",
  404: "Not found",
  409: "Conflict",
  413: "Request body or file too large",
  415: "Not an accepted image type",
  422: "Idempotency-Key already used for a different request",
  429: "Too many attempts",
  500: "Something went wrong on our side",
  503: "Temporarily unavailable: the database cannot be reached",
};

function errorResponse(status: number) {
  return [
    String(status),
    { description: REASONS[status] ?? "Error", content: { "application/json": { schema: resolver(ErrorBody) } } },
  ];
}

/** A multipart form's fields: the body's, if the route takes one, and its files. */
function formSchema(body: z.ZodType | undefined, files: Record<string, "required" | "optional">): z.ZodType {
  const fileFields = z.object(
    Object.fromEntries(
      Object.entries(files).map(([name, presence]) => [name, presence === "required" ? z.file() : z.file().optional()]),
    ),
  );
  return body ? z.intersection(body, fileFields) : fileFields;
}

/**
 * The OpenAPI description of one `/api` route, placed first among its handlers: tag, summary, bearer security
 * for member and optional routes, the request body from the same zod schema the core validates with, and the
 * success and `{message}` error responses.
 */
export function operation(tag: string, summary: string, spec: Operation) {
  const access = spec.access ?? "public";
  // Any route can fail unexpectedly, or meet an outage (decision 029); the API still answers `{message}`.
  const errors = new Set([...(spec.errors ?? []), 500, 503]);
  if (access === "member" || access === "moderator") errors.add(401);
  if (access === "moderator") errors.add(403);
  // A malformed id is refused with 400 before it is looked up.
  if (errors.has(404)) errors.add(400);
  // Every body is read only up to its route's cap (decision 029).
  if (spec.body || spec.files) errors.add(413);
  if (spec.files) errors.add(415);
  const successes: [number, z.ZodType][] = [
    [spec.status ?? 200, spec.success],
    ...Object.entries(spec.alsoSucceeds ?? {}).map(([status, schema]): [number, z.ZodType] => [Number(status), schema]),
  ];
  const successHeaders = spec.successHeaders
    ? {
        headers: Object.fromEntries(
          Object.entries(spec.successHeaders).map(([name, description]) => [
            name,
            { description, schema: { type: "string" as const } },
          ]),
        ),
      }
    : {};
  const parameters = [
    ...Object.entries(spec.query ?? {}).map(([name, description]) => ({
      name,
      in: "query" as const,
      required: false,
      description,
      schema: { type: "string" as const },
    })),
    ...Object.entries(spec.headers ?? {}).map(([name, description]) => ({
      name,
      in: "header" as const,
      required: false,
      description,
      schema: { type: "string" as const, minLength: 1, maxLength: 255 },
    })),
  ];
  // hono-openapi converts zod schemas on their input side by default, which is what a client sends.
  const form = spec.files && formSchema(spec.body, spec.files);
  const content = {
    ...(spec.body ? { "application/json": { schema: resolver(spec.body) } } : {}),
    ...(form ? { "multipart/form-data": { schema: resolver(form) } } : {}),
  };
  return describeRoute({
    tags: [tag],
    summary,
    ...(spec.description ? { description: spec.description } : {}),
    ...(access === "public" ? {} : { security: access === "optional" ? [{}, { bearer: [] }] : [{ bearer: [] }] }),
    ...(parameters.length ? { parameters } : {}),
    ...(Object.keys(content).length ? { requestBody: { required: true, content } } : {}),
    responses: {
      ...Object.fromEntries(
        successes.map(([status, schema]) => [
          String(status),
          { description: "Success", content: { "application/json": { schema: resolver(schema) } }, ...successHeaders },
        ]),
      ),
      ...Object.fromEntries([...errors].sort((a, b) => a - b).map(errorResponse)),
    },
  });
}

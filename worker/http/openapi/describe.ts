import { describeRoute, resolver } from "hono-openapi";
import { z } from "zod";

/** API.md: every error leaves as `{message}`. */
export const ErrorBody = z.object({ message: z.string() }).meta({ id: "Error" });

type Access = "public" | "optional" | "member" | "moderator";

interface Operation {
  access?: Access;
  /** The success status; 200 unless said. */
  status?: number;
  /** Error statuses API.md lists for the route, beyond those implied by `access`. */
  errors?: number[];
  /** The request body's zod schema (its input side), when the route reads one. */
  body?: z.ZodType;
  /** The request body may also come as multipart/form-data (create/update with files). */
  multipart?: boolean;
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
  429: "Too many attempts",
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
  const errors = new Set(spec.errors ?? []);
  if (access === "member" || access === "moderator") errors.add(401);
  if (access === "moderator") errors.add(403);
  const success = spec.success
    ? { content: { "application/json": { schema: resolver(spec.success) } } }
    : { content: { "application/json": {} } };
  // hono-openapi converts zod schemas on their input side by default, which is what a client sends.
  const bodySchema = spec.body ? resolver(spec.body) : undefined;
  return describeRoute({
    tags: [tag],
    summary,
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
      [String(spec.status ?? 200)]: { description: "Success", ...success },
      ...Object.fromEntries([...errors].sort().map(errorResponse)),
    },
  });
}

import { z } from "zod";

/** The parts of the OpenAPI document this check reads. */
interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation | undefined>>;
  components: { schemas: Record<string, unknown> };
}

const documents = new Map<string, Promise<OpenApiDocument>>();

/** The app's own `/api/openapi.json`, fetched once per running app. */
function documentOf(baseUrl: string): Promise<OpenApiDocument> {
  let document = documents.get(baseUrl);
  if (!document) {
    document = fetch(`${baseUrl}/api/openapi.json`).then((response) => response.json() as Promise<OpenApiDocument>);
    documents.set(baseUrl, document);
  }
  return document;
}

/** The schema with its `#/components/schemas/...` references replaced by the components (they have no cycles). */
function inline(schema: unknown, components: OpenApiDocument["components"]): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inline(item, components));
  if (!schema || typeof schema !== "object") return schema;
  if ("$ref" in schema && typeof schema.$ref === "string") {
    return inline(components.schemas[schema.$ref.split("/").pop() ?? ""], components);
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inline(value, components)]));
}

/** The documented path template (`/connections/{id}`) that a concrete path matches. */
function templateFor(paths: Record<string, unknown>, path: string): string | undefined {
  return Object.keys(paths).find((template) => new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(path));
}

/**
 * Fails unless the API's own document describes this answer: the route, its status, and (where the document
 * gives a schema) the body's shape. Unknown routes answering 404 are the catch-all and need no description.
 */
export async function expectMatchesOpenApi(
  baseUrl: string,
  method: string,
  path: string,
  status: number,
  body: unknown,
) {
  const document = await documentOf(baseUrl);
  const bare = path.split("?")[0] ?? path;
  const template = templateFor(document.paths, bare);
  const operation = template ? document.paths[template]?.[method.toLowerCase()] : undefined;
  if (!operation) {
    if (status === 404 || status === 405) return;
    throw new Error(`OpenAPI: ${method} /api${bare} answered ${status} but the document does not describe it`);
  }
  const response = operation.responses[String(status)];
  if (!response) {
    throw new Error(
      `OpenAPI: ${method} /api${template} answered ${status}, not among its documented statuses (${Object.keys(operation.responses).join(", ")}): ${JSON.stringify(body)}`,
    );
  }
  const schema = response.content?.["application/json"]?.schema;
  if (!schema) return;
  const inlined = inline(schema, document.components) as Parameters<typeof z.fromJSONSchema>[0];
  const result = z.fromJSONSchema(inlined).safeParse(body);
  if (!result.success) {
    throw new Error(`OpenAPI: ${method} /api${template} ${status} body does not match: ${result.error.message}`);
  }
}

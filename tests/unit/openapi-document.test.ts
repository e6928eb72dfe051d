import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { api } from "../../worker/http/api.ts";
import { apiDocument } from "../../worker/http/openapi/document.ts";

const ORIGIN = "https://moviebooks.example";

/** Hono's `:id` in OpenAPI's spelling. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, "{$1}");

/** Every method + path the api app answers, without middleware, the catch-all and the document's own routes. */
function registeredRoutes() {
  const routes = api.routes
    .filter((route) => route.method !== "ALL" && !route.path.includes("*"))
    .filter((route) => route.path !== "/openapi.json" && route.path !== "/docs")
    .map((route) => `${route.method} ${openApiPath(route.path)}`);
  return [...new Set(routes)].sort();
}

function documentedRoutes(document: Awaited<ReturnType<typeof apiDocument>>) {
  return Object.entries(document.paths)
    .flatMap(([path, item]) =>
      Object.keys(item ?? {})
        .filter((key) => ["get", "post", "put", "patch", "delete"].includes(key))
        .map((method) => `${method.toUpperCase()} ${path}`),
    )
    .sort();
}

/** Every `$ref` in the document, wherever it sits. */
function refs(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refs);
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === "$ref" && typeof inner === "string" ? [inner] : refs(inner),
  );
}

describe("the OpenAPI document", () => {
  it("describes every route the api app registers, and no other", async () => {
    const document = await apiDocument(api, ORIGIN);
    expect(registeredRoutes().length).toBeGreaterThan(40);
    expect(documentedRoutes(document)).toEqual(registeredRoutes());
  });

  it("gives every operation a tag, a summary, a success and the {message} error shape", async () => {
    const document = await apiDocument(api, ORIGIN);
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item ?? {})) {
        const op = operation as { tags?: string[]; summary?: string; responses?: Record<string, unknown> };
        const where = `${method} ${path}`;
        expect(op.tags, where).toHaveLength(1);
        expect(op.summary, where).toBeTruthy();
        expect(
          Object.keys(op.responses ?? {}).some((status) => status.startsWith("2")),
          where,
        ).toBe(true);
      }
    }
  });

  it("is OpenAPI 3.1 with info, servers from the origin, bearer security, path parameters and resolving $refs", async () => {
    const document = await apiDocument(api, ORIGIN);
    expect(document.openapi).toBe("3.1.0");
    expect(document.info).toMatchObject({ title: "MovieBooks API", version: expect.any(String) });
    expect(document.servers).toEqual([{ url: `${ORIGIN}/api` }]);
    expect(document.components.securitySchemes).toHaveProperty("bearer");
    for (const [path, item] of Object.entries(document.paths)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      for (const operation of Object.values(item ?? {})) {
        const parameters = ((operation as { parameters?: { in: string; name: string }[] }).parameters ?? [])
          .filter((parameter) => parameter.in === "path")
          .map((parameter) => parameter.name);
        expect(parameters.sort(), path).toEqual([...names].sort());
      }
    }
    for (const ref of refs(document)) {
      const target = ref
        .replace(/^#\//, "")
        .split("/")
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
      expect(target, ref).toBeDefined();
    }
  });
});

describe("the OpenAPI document, formally", () => {
  it("validates against the OpenAPI 3.1 schema", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(await apiDocument(api, ORIGIN)) as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("is refused by the same validator when it breaks the format (the check can fail)", async () => {
    const broken = structuredClone(await apiDocument(api, ORIGIN)) as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, { description?: string }> }>>;
    };
    delete broken.paths["/connections/{id}"]!.get!.responses["200"]!.description;
    const result = await new Validator().validate(broken);
    expect(result.valid).toBe(false);
  });

  it("names the schema of every success answer: a component, or an array of one", async () => {
    const document = await apiDocument(api, ORIGIN);
    const schemas = document.components.schemas ?? {};
    const named = (schema: unknown): boolean => {
      const node = schema as { $ref?: string; type?: string; items?: unknown };
      if (node.$ref) return node.$ref.replace("#/components/schemas/", "") in schemas;
      return node.type === "array" && named(node.items);
    };
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item ?? {})) {
        const responses = (
          operation as { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }
        ).responses;
        for (const [status, response] of Object.entries(responses)) {
          const schema = response.content?.["application/json"]?.schema;
          expect(schema && named(schema), `${method} ${path} ${status}`).toBe(true);
        }
      }
    }
  });
});

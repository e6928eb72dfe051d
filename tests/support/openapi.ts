import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

/** The parts of the OpenAPI document this check reads. */
interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation | undefined>>;
  components: { schemas: Record<string, unknown> };
}

/** Where the components live for Ajv: the document's `#/components/schemas/X` becomes `COMPONENTS#/$defs/X`. */
const COMPONENTS = "https://moviebooks.example/openapi/components";

/**
 * The schema as the tests hold the server to it: every object that lists its properties and says nothing of
 * others is closed (`additionalProperties: false`), so a field the document does not name fails. The document
 * itself leaves them open, as OpenAPI does by default, so that clients accept fields added later (decision 026).
 */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!schema || typeof schema !== "object") return schema;
  const copy = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => {
      if (key === "$ref" && typeof value === "string")
        return [key, value.replace("#/components/schemas/", `${COMPONENTS}#/$defs/`)];
      return [key, closed(value)];
    }),
  );
  if ("properties" in copy && !("additionalProperties" in copy)) copy.additionalProperties = false;
  return copy;
}

/** The documented path template (`/connections/{id}`) that a concrete path matches. */
function templateFor(paths: Record<string, unknown>, path: string): string | undefined {
  return Object.keys(paths).find((template) => new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(path));
}

export interface ApiAnswer {
  method: string;
  /** The path below `/api`, with its query if any. */
  path: string;
  status: number;
  contentType: string | null;
  /** The parsed JSON body, or null when there was none. */
  body: unknown;
}

/**
 * A check of API answers against one OpenAPI document: the route must be described (an undescribed path may only
 * answer the catch-all 404), the status must be among the route's, a documented JSON answer must come as JSON, and
 * every JSON body, success or error, must match its schema (JSON Schema 2020-12, the dialect of OpenAPI 3.1, with
 * formats). A success answer without a schema fails too: nothing the API sends goes unchecked.
 */
export function openApiChecker(document: OpenApiDocument) {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  ajv.addSchema({ $id: COMPONENTS, $defs: closed(document.components.schemas) as object });
  const validators = new Map<string, ValidateFunction>();
  const validatorFor = (key: string, schema: unknown) => {
    let validate = validators.get(key);
    if (!validate) {
      validate = ajv.compile(closed(schema) as object);
      validators.set(key, validate);
    }
    return validate;
  };

  return function check({ method, path, status, contentType, body }: ApiAnswer) {
    const bare = path.split("?")[0] ?? path;
    const template = templateFor(document.paths, bare);
    const operation = template ? document.paths[template]?.[method.toLowerCase()] : undefined;
    const where = `${method} /api${template ?? bare} ${status}`;
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
    if (!schema) {
      if (status >= 200 && status < 300 && body !== null)
        throw new Error(`OpenAPI: ${where} answers JSON without a schema`);
      return;
    }
    if (!contentType?.startsWith("application/json")) {
      throw new Error(`OpenAPI: ${where} is documented as JSON but came as ${contentType}`);
    }
    const validate = validatorFor(`${method} ${template} ${status}`, schema);
    if (!validate(body)) {
      throw new Error(
        `OpenAPI: ${where} body does not match: ${ajv.errorsText(validate.errors, { separator: "; " })}\n${JSON.stringify(body).slice(0, 2000)}`,
      );
    }
  };
}

const checkers = new Map<string, Promise<ReturnType<typeof openApiChecker>>>();

/** The check for the app's own `/api/openapi.json`, fetched once per running app. */
function checkerOf(baseUrl: string) {
  let checker = checkers.get(baseUrl);
  if (!checker) {
    checker = fetch(`${baseUrl}/api/openapi.json`)
      .then((response) => response.json() as Promise<OpenApiDocument>)
      .then(openApiChecker);
    checkers.set(baseUrl, checker);
  }
  return checker;
}

/** Fails unless the running app's own document describes this answer (decision 024, decision 026). */
export async function expectMatchesOpenApi(baseUrl: string, answer: ApiAnswer) {
  (await checkerOf(baseUrl))(answer);
}

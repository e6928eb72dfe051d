import { html } from "hono/html";
import type { OpenAPIV3_1 } from "openapi-types";

type Operation = OpenAPIV3_1.OperationObject;
type Schema = OpenAPIV3_1.SchemaObject | OpenAPIV3_1.ReferenceObject;

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** Whether a schema reads as alternatives (`a | b`), which need parentheses before `[]`. */
const isChoice = (schema: Schema) =>
  !("$ref" in schema) &&
  Boolean(
    schema.anyOf ||
      schema.oneOf ||
      (schema.enum && schema.enum.length > 1) ||
      (Array.isArray(schema.type) && schema.type.length > 1),
  );

/** A schema in one line: `$ref`s by their component name, objects by their fields, so people can read it. */
function schemaText(schema: Schema | undefined): string {
  if (!schema) return "any JSON";
  if ("$ref" in schema) return schema.$ref.split("/").pop() ?? schema.$ref;
  if ("const" in schema) return JSON.stringify(schema.const);
  if (schema.type === "array") {
    const items = schema.items as Schema;
    return isChoice(items) ? `(${schemaText(items)})[]` : `${schemaText(items)}[]`;
  }
  // A map (zod's record): its keys' schema (JSON Schema's `propertyNames`, which openapi-types does not name) and values.
  if ("propertyNames" in schema && typeof schema.additionalProperties === "object") {
    return `{ [${schemaText(schema.propertyNames as Schema)}]: ${schemaText(schema.additionalProperties as Schema)} }`;
  }
  if (schema.properties) {
    const required = new Set(schema.required ?? []);
    const fields = Object.entries(schema.properties).map(
      ([name, field]) => `${name}${required.has(name) ? "" : "?"}: ${schemaText(field as Schema)}`,
    );
    return `{ ${fields.join(", ")} }`;
  }
  if (schema.anyOf) return (schema.anyOf as Schema[]).map(schemaText).join(" | ");
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  if (schema.format === "binary") return "file";
  // JSON Schema 2020-12 lets `type` name several (a field that takes a string or a number).
  if (Array.isArray(schema.type)) return schema.type.join(" | ");
  return String(schema.type ?? "any JSON");
}

function operationSection(method: string, path: string, operation: Operation) {
  const parameters = (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
  const body = operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
  const responses = Object.entries(operation.responses ?? {}) as [string, OpenAPIV3_1.ResponseObject][];
  return html`<section class="op">
  <h3><span class="method">${method.toUpperCase()}</span> <code>/api${path}</code></h3>
  <p>${operation.summary ?? ""}${operation.security?.length ? html` <em>(${operation.security.some((s) => !Object.keys(s).length) ? "token optional" : "token required"})</em>` : ""}</p>
  ${operation.description ? html`<p>${operation.description}</p>` : ""}
  ${parameters.length ? html`<h4>Parameters</h4><ul>${parameters.map((p) => html`<li><code>${p.name}</code> (${p.in}${p.required ? ", required" : ""})${p.description ? `: ${p.description}` : ""}</li>`)}</ul>` : ""}
  ${body ? html`<h4>Request body</h4><ul>${Object.entries(body.content).map(([type, media]) => html`<li>${type}: <code>${schemaText(media.schema as Schema)}</code></li>`)}</ul>` : ""}
  <h4>Responses</h4>
  <ul>${responses.map(([status, response]) => html`<li>${status} ${response.description}${response.content?.["application/json"] ? html`: <code>${schemaText(response.content["application/json"].schema as Schema)}</code>` : ""}</li>`)}</ul>
</section>`;
}

/**
 * `/api/docs`: the OpenAPI document as a plain server-rendered page (no script, no CDN; the CSP forbids them
 * and it must work offline), grouped by tag, with the named shapes at the end.
 */
export function docsPage(document: OpenAPIV3_1.Document) {
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => (item?.[method] ? [{ method, path, operation: item[method] as Operation }] : [])),
  );
  const tags = [...new Set(operations.map(({ operation }) => operation.tags?.[0] ?? "Other"))];
  const shapes = Object.entries(document.components?.schemas ?? {});
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${document.info.title}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 0 auto; padding: 1rem; color: #1a1a1a; }
code { background: #f2f2f2; padding: 0 .25rem; border-radius: 3px; overflow-wrap: anywhere; }
.method { font-weight: 700; }
.op { border-top: 1px solid #ccc; }
a { color: #0b57d0; }
</style>
</head>
<body>
<header>
<h1>${document.info.title} ${document.info.version}</h1>
<p>${document.info.description ?? ""}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${document.openapi}).</p>
</header>
<nav aria-label="Resources"><ul>${tags.map((tag) => html`<li><a href="#${tag}">${tag}</a></li>`)}${shapes.length ? html`<li><a href="#shapes">Shapes</a></li>` : ""}</ul></nav>
<main>
${tags.map(
  (tag) => html`<section id="${tag}"><h2>${tag}</h2>
${operations.filter(({ operation }) => (operation.tags?.[0] ?? "Other") === tag).map(({ method, path, operation }) => operationSection(method, path, operation))}
</section>`,
)}
${shapes.length ? html`<section id="shapes"><h2>Shapes</h2><dl>${shapes.map(([name, schema]) => html`<dt id="shape-${name}">${name}</dt><dd><code>${schemaText(schema as Schema)}</code></dd>`)}</dl></section>` : ""}
</main>
</body>
</html>`;
}

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { parseSitemap, parseSitemapIndex } from "sitemap";
import { validateXML } from "xmllint-wasm";

/**
 * XML checks with real parsers: libxml2 (xmllint, compiled to WebAssembly) for well-formedness, XPath and the
 * sitemaps.org schema, and the `sitemap` package's parsers for sitemap documents.
 */

const sitemapSchema = readFileSync(
  join(dirname(createRequire(import.meta.url).resolve("sitemap/package.json")), "schema/sitemap.xsd"),
  "utf8",
);

/** libxml2's complaints about a document (empty when it is well-formed, and valid against `schema` if given). */
export async function xmlProblems(xml: string, schema?: string): Promise<string[]> {
  const file = { fileName: "document.xml", contents: xml };
  const result = schema
    ? await validateXML({ xml: file, schema: { fileName: "schema.xsd", contents: schema } })
    : await validateXML({ xml: file, normalization: "format" });
  return result.errors.map((error) => error.rawMessage);
}

/** An XPath 1.0 expression evaluated by libxml2 on the document, as text (`count(…)` gives a number). */
export async function xpath(xml: string, expression: string): Promise<string> {
  const result = await validateXML({
    xml: { fileName: "document.xml", contents: xml },
    normalization: "format",
    modifyArguments: () => ["--noout", "--xpath", expression, "document.xml"],
  });
  if (!result.valid) throw new Error(result.rawOutput);
  return result.normalized.trim();
}

/** `<name>` elements in the Atom namespace, for XPath without prefixes (xmllint's --xpath has none). */
export const atom = (name: string) => `*[local-name()='${name}' and namespace-uri()='http://www.w3.org/2005/Atom']`;

/** A child sitemap's URLs, after checking it against the sitemaps.org schema. */
export async function sitemapUrls(xml: string) {
  const problems = await xmlProblems(xml, sitemapSchema);
  if (problems.length) throw new Error(`invalid sitemap:\n${problems.join("\n")}`);
  return parseSitemap(Readable.from([xml]));
}

/** A sitemap index's child sitemaps, read by the `sitemap` package's parser after a well-formedness check. */
export async function sitemapIndexEntries(xml: string) {
  const problems = await xmlProblems(xml);
  if (problems.length) throw new Error(`malformed sitemap index:\n${problems.join("\n")}`);
  return parseSitemapIndex(Readable.from([xml]));
}

/**
 * Text for XML documents the Worker writes (Atom feeds, sitemaps) and the seed's SVG images: one escaper, so no
 * member's text reaches a document as markup.
 */

/**
 * Everything XML 1.0 cannot carry at all: control characters other than tab, line feed and carriage return,
 * lone surrogates, U+FFFE and U+FFFF. Escaping cannot help these (`&#1;` is not allowed either), so they go.
 */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/**
 * Text as character data, fit for element content and for quoted attribute values alike: the five special
 * characters escaped (so `]]>` and `<script>` stay text), the characters XML cannot carry dropped.
 */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, "").replace(/[&<>"']/g, (character) => ESCAPES[character] ?? "");
}

/** `<name attributes…>text</name>`, the text and attribute values escaped. */
export function xmlElement(name: string, text: string, attributes: Record<string, string> = {}): string {
  return `<${name}${xmlAttributes(attributes)}>${escapeXml(text)}</${name}>`;
}

/** `<name attributes…/>`, the attribute values escaped. */
export function xmlEmptyElement(name: string, attributes: Record<string, string>): string {
  return `<${name}${xmlAttributes(attributes)}/>`;
}

function xmlAttributes(attributes: Record<string, string>): string {
  return Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
    .join("");
}

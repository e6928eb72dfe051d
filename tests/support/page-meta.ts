/**
 * Reading a server-rendered page's head as a crawler does: meta tags, the canonical link and JSON-LD blocks. The
 * pages are React's output, so attributes are double-quoted and entities are React's five.
 */

export function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Every `content` of the meta tags with this `name` or `property`, in page order. */
export function metaContents(html: string, attribute: "name" | "property", key: string): string[] {
  const tag = new RegExp(`<meta ${attribute}="${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}" content="([^"]*)"`, "g");
  return [...html.matchAll(tag)].map((match) => decodeEntities(match[1]!));
}

export function metaContent(html: string, attribute: "name" | "property", key: string): string | undefined {
  return metaContents(html, attribute, key)[0];
}

export function canonicalOf(html: string): string | undefined {
  const match = html.match(/<link rel="canonical" href="([^"]*)"/);
  return match ? decodeEntities(match[1]!) : undefined;
}

/**
 * The raw text of each JSON-LD block, cut where an HTML parser ends a script element: at the first `</script`
 * in any letter case. Text that closed the element early would show up here as JSON that does not parse.
 */
export function jsonLdBlocks(html: string): string[] {
  const opening = '<script type="application/ld+json">';
  const blocks: string[] = [];
  let from = html.indexOf(opening);
  while (from !== -1) {
    const start = from + opening.length;
    const end = html.slice(start).search(/<\/script/i);
    blocks.push(html.slice(start, end === -1 ? undefined : start + end));
    from = html.indexOf(opening, start);
  }
  return blocks;
}

/** The page's one JSON-LD object, parsed. */
// biome-ignore lint/suspicious/noExplicitAny: tests read schema.org fields by name and check each one.
export function jsonLdOf(html: string): Record<string, any> {
  const blocks = jsonLdBlocks(html);
  if (blocks.length !== 1) throw new Error(`expected one JSON-LD block, found ${blocks.length}`);
  return JSON.parse(blocks[0]!);
}

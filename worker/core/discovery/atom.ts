import { xmlElement as element, xmlEmptyElement as empty } from "../xml.ts";

/** An Atom feed (RFC 4287) as the feeds build it; `renderAtom` writes it. Times are ISO 8601 strings. */
export interface AtomFeed {
  /** The feed's URL, its permanent id on every page. */
  id: string;
  /** This page's URL. */
  self: string;
  /** RFC 5005 paged feeds: the first page, and the previous and next ones where they exist. */
  pages: { first: string; previous?: string; next?: string };
  /** The page the feed follows. */
  alternate: string;
  title: string;
  subtitle: string;
  updated: string;
  icon: string;
  /** Who publishes the feed: the site (entries name their own authors). */
  author: AtomPerson;
  entries: AtomEntry[];
}

export interface AtomPerson {
  name: string;
  uri: string;
}

export interface AtomEntry {
  /** The entry's page, which is also its permanent id. */
  url: string;
  title: string;
  published: string;
  updated: string;
  author: AtomPerson;
  /** Plain text (`type="text"`): readers show it as text, so nothing a member wrote becomes markup. */
  content: string;
  categories: string[];
}

/** The feed as an Atom document; every text and attribute value is escaped on its way in. */
export function renderAtom(feed: AtomFeed): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    element("id", feed.id),
    element("title", feed.title, { type: "text" }),
    element("subtitle", feed.subtitle, { type: "text" }),
    element("updated", feed.updated),
    link("self", "application/atom+xml", feed.self),
    link("first", "application/atom+xml", feed.pages.first),
    ...(feed.pages.previous ? [link("previous", "application/atom+xml", feed.pages.previous)] : []),
    ...(feed.pages.next ? [link("next", "application/atom+xml", feed.pages.next)] : []),
    link("alternate", "text/html", feed.alternate),
    element("icon", feed.icon),
    person("author", feed.author),
    ...feed.entries.map(entry),
    "</feed>",
    "",
  ].join("\n");
}

function entry(item: AtomEntry): string {
  return [
    "<entry>",
    element("id", item.url),
    element("title", item.title, { type: "text" }),
    link("alternate", "text/html", item.url),
    element("published", item.published),
    element("updated", item.updated),
    person("author", item.author),
    ...item.categories.map((tag) => empty("category", { term: tag, label: `#${tag}` })),
    element("content", item.content, { type: "text" }),
    "</entry>",
  ].join("\n");
}

function person(name: string, { name: personName, uri }: AtomPerson): string {
  return `<${name}>${element("name", personName)}${element("uri", uri)}</${name}>`;
}

function link(rel: string, type: string, href: string): string {
  return empty("link", { rel, type, href });
}

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeXml } from "../../worker/core/xml.ts";

describe("escapeXml", () => {
  it("escapes the five special characters, so markup and CDATA ends stay text", () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;",
    );
    expect(escapeXml("<script>alert(1)</script> ]]> &amp;")).toBe(
      "&lt;script&gt;alert(1)&lt;/script&gt; ]]&gt; &amp;amp;",
    );
  });

  it("drops what XML 1.0 cannot carry and keeps tab, line breaks and any other character", () => {
    expect(escapeXml("Tab\there,\u0000 bell\u0007 and\r\nnew line")).toBe("Tab\there, bell and\r\nnew line");
    expect(escapeXml("a\uFFFEb\uFFFFc\uD800d\uDFFFe")).toBe("abcde");
    expect(escapeXml("Amélie 李小龙 🎬 \u0085")).toBe("Amélie 李小龙 🎬 \u0085");
  });

  it("leaves no raw special character or forbidden code point in any string", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (text) => {
        const escaped = escapeXml(text);
        expect(escaped).not.toMatch(/[<>"']|&(?!(amp|lt|gt|quot|apos);)/);
        expect(escaped).not.toMatch(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u);
      }),
    );
  });
});

import { describe, expect, it } from "vitest";
import { encodeValue, stringifyJson } from "../../scripts/local-db/protocol.ts";

// The local server writes result values as sqld does. JSON has no Infinity: an infinite REAL goes out as the literal
// 1e999 (which JSON.parse reads back as Infinity), and NaN as null, as JSON.stringify itself would write it.
describe("result values in the local server's JSON", () => {
  it("writes infinite REALs as 1e999 and -1e999, and reads them back as infinities", () => {
    const row = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1.5].map(encodeValue);
    const json = stringifyJson({ rows: [row] });
    expect(json).toBe(
      '{"rows":[[{"type":"float","value":1e999},{"type":"float","value":-1e999},{"type":"float","value":1.5}]]}',
    );
    expect(JSON.parse(json).rows[0].map((value: { value: number }) => value.value)).toEqual([
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      1.5,
    ]);
  });

  it("writes NaN as null", () => {
    expect(stringifyJson(encodeValue(Number.NaN))).toBe('{"type":"null"}');
  });

  it("leaves text that merely looks like a number alone", () => {
    expect(stringifyJson(encodeValue("1e999"))).toBe('{"type":"text","value":"1e999"}');
  });
});

/**
 * The network an address is counted as (decision 027): an IPv4 address is itself; an IPv6 address is its /64, the
 * block one subscriber is given, so walking through the addresses of one's own /64 gains nothing. An IPv4 address
 * written as IPv6 (`::ffff:198.51.100.7`) is that IPv4 address. Anything else (no address at all) is one shared
 * network, "unknown".
 */
export function networkOf(address: string): string {
  const text = address.trim();
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(text)) return text;
  const groups = ipv6Groups(text);
  if (!groups) return "unknown";
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = groups;
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff) {
    return [g >> 8, g & 0xff, h >> 8, h & 0xff].join(".");
  }
  return `${[a, b, c, d].map((group) => group.toString(16)).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, as the URL parser reads it (which also checks it); null if it is none. */
function ipv6Groups(address: string): number[] | null {
  if (!address.includes(":")) return null;
  const host = URL.parse(`http://[${address}]/`)?.hostname;
  if (!host) return null;
  // The parser's form: lower case, hexadecimal, at most one "::" for the longest run of zeros.
  const [head = "", tail] = host.slice(1, -1).split("::");
  const groupsOf = (part: string) => (part ? part.split(":").map((group) => Number.parseInt(group, 16)) : []);
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 ? groups : null;
}

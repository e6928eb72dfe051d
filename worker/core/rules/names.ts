/**
 * How the site names a member everywhere it shows one (cards, comments, member lists, profile titles, the
 * sidebar, notification messages): the display name, else the username. The profile schema stores display
 * names trimmed, so the trim here only keeps a blank name written some other way (seed, bench) from hiding
 * the username.
 */
export function memberName(member: { displayName: string; username: string }): string {
  return member.displayName.trim() || member.username;
}

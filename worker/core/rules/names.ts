/**
 * How the site names a member everywhere it shows one (cards, comments, member lists, profile titles, the
 * sidebar, notification messages): the display name, else the username. The profile schema stores display
 * names trimmed, so the trim here only keeps a blank name written some other way (seed, bench) from hiding
 * the username.
 */
export function memberName(member: { displayName: string; username: string }): string {
  return member.displayName.trim() || member.username;
}

/**
 * How a connection is titled wherever it is named (its card, page, edit and delete pages, the landing page's
 * teasers, notifications): 'movie title & book title', the one title it has, or 'A text-only post'.
 */
export function connectionTitle(connection: { movieRef: { title: string } | null; bookRef: { title: string } | null }) {
  const { movieRef, bookRef } = connection;
  if (movieRef && bookRef) return `${movieRef.title} & ${bookRef.title}`;
  return movieRef?.title ?? bookRef?.title ?? "A text-only post";
}

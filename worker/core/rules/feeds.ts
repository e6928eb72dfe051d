/**
 * Where the Atom feeds live (API.md "For other clients and the open web"): the Worker serves them there and the
 * pages advertise them with `<link rel="alternate">`, so both read the paths from here.
 */
export const FEED_PATHS = {
  site: "/feed.xml",
  tag: (tag: string) => `/tags/${encodeURIComponent(tag)}/feed.xml`,
  member: (userId: string) => `/users/${userId}/feed.xml`,
  movie: (movieId: string) => `/movies/${movieId}/feed.xml`,
  book: (bookId: string) => `/books/${bookId}/feed.xml`,
};

/** The type a feed is advertised with. */
export const ATOM_TYPE = "application/atom+xml";

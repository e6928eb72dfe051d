/**
 * The create page's question when a title matches several works (decision 019): the answer's field names and the
 * value that says "none of these, a work of its own".
 */
export const WHICH_WORK_FIELDS = { movie: "movieId", book: "bookId" } as const;

export const NEW_WORK = "new";

/**
 * The product's change log, newest first. The /updates page lists it; the What's New banner shows the newest
 * batch until it is dismissed (SPEC.md §2 Banner).
 */
export interface UpdateBatch {
  id: string;
  date: string;
  title: string;
  items: string[];
}

/** Never empty: the banner always has a newest batch to show. */
export const updates: [UpdateBatch, ...UpdateBatch[]] = [
  {
    id: "2026-11-launch",
    date: "2026-11-22",
    title: "MovieBooks opens its doors (beta)",
    items: [
      "Browse connections between movies and the books behind them, or that share their themes.",
      "Every page works without JavaScript, and gets quicker with it.",
      "Movie and book pages gather every connection that features them.",
    ],
  },
];

export const latestUpdate = updates[0];

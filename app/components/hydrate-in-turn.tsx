import { type ReactNode, type ReactPromise, Suspense, use, useEffect, useId, useSyncExternalStore } from "react";

/**
 * Hydrates its children after the rest of the page, one wrapper at a time (decision 037, third addendum). React
 * hydrates a page in one commit and runs every component's effects in one task after it; on a feed the ten cards
 * are most of both, a long task on a phone. A Suspense boundary whose content waits during hydration keeps the
 * server's HTML as it is, so each card here waits for its turn and is hydrated, committed and given its effects in
 * tasks of its own. Turns are handed out in order, each once the one before has committed.
 *
 * Only the document's first hydration waits: content rendered by the browser (a later page of the feed) is shown at
 * once. Any input (a press, a click, a key, a focus) hands out every turn left, and every later one at once, so
 * React can hydrate what was touched before the event reaches it; until its turn an untouched card is the server's
 * working HTML (forms post, links load).
 */
export function HydrateInTurn({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Turn>{children}</Turn>
    </Suspense>
  );
}

function Turn({ children }: { children: ReactNode }) {
  const hydrating = useSyncExternalStore(subscribeToNothing, notHydrating, isHydrating);
  // React keeps no state for a component that waited while mounting; the id is the same on every attempt.
  const id = useId();
  if (hydrating && !import.meta.env.SSR) use(turnFor(id).opened);
  // Whether this card was hydrated or, after a mismatch, rendered again by the browser, the next one's turn comes.
  useEffect(() => {
    if (waiting.length > 0) handOutNextTurn();
  }, []);
  return children;
}

interface Turn {
  opened: ReactPromise<void>;
  hand(): void;
}

const turns = new Map<string, Turn>();
const waiting: Turn[] = [];
/** Set by the first input: from then on no card waits. */
let everyTurnOpen = false;

// From the start, not from the first turn: React renders a waiting card's content only in a later pass, and input
// before that must find every turn open. React's own listeners are on the document, so these run first.
if (!import.meta.env.SSR) {
  for (const type of ["pointerdown", "mousedown", "touchstart", "click", "keydown", "focusin"]) {
    window.addEventListener(type, handOutEveryTurn, { capture: true, passive: true });
  }
}

function turnFor(id: string): Turn {
  const taken = turns.get(id);
  if (taken) return taken;
  let resolve = () => {};
  const opened = new Promise<void>((settle) => {
    resolve = settle;
  });
  const turn: Turn = {
    opened,
    hand() {
      // Marked as React's `use` reads it, so a card pressed before its turn is hydrated within the press itself
      // (a promise only settles after the event). `use` is called on every attempt either way: an attempt that
      // skipped it would not match the one that waited, and React would drop the server's HTML for a client render.
      Object.assign(opened, { status: "fulfilled", value: undefined });
      resolve();
    },
  };
  turns.set(id, turn);
  if (everyTurnOpen) {
    turn.hand();
    return turn;
  }
  if (waiting.length === 0) handOutNextTurn();
  waiting.push(turn);
  return turn;
}

/** In a task of its own, so the next wrapper's hydration is not run in the task of the last one's effects. */
function handOutNextTurn() {
  setTimeout(() => waiting.shift()?.hand());
}

function handOutEveryTurn() {
  everyTurnOpen = true;
  for (const turn of waiting.splice(0)) turn.hand();
}

const subscribeToNothing = () => () => {};
const notHydrating = () => false;
const isHydrating = () => true;

import { useEffect, useId, useRef, useState } from "react";
import type { BookSuggestion, MovieSuggestion, Suggestion } from "../../worker/core/catalog/index.ts";
import { characterCount } from "../../worker/core/rules/characters.ts";
import type { FieldAttributes } from "../../worker/core/rules/forms.ts";
import { EXTERNAL_ID_INPUTS, LOOKUP_MIN_CHARS, type LookupType } from "../../worker/core/rules/lookup.ts";
import { useHydrated } from "../hydrated.ts";
import { FormField } from "./form-field.tsx";

/** Typing pauses this long before the catalog is asked, so a word typed quickly is one lookup. */
const DEBOUNCE_MS = 250;

const SOURCE_LABELS: Record<Suggestion["source"], string> = {
  local: "On MovieBooks",
  tmdb: "TMDB",
  openlibrary: "Open Library",
  wikidata: "Wikidata",
};

/** The create form's other fields a picked work fills, per type; only with what the suggestion has. */
const FILLS = {
  movie: (candidate: MovieSuggestion) => ({
    movieYear: candidate.year ? String(candidate.year) : "",
    movieDirector: candidate.director,
    movieGenres: candidate.genres.join(", "),
    movieActors: candidate.actors.join(", "),
  }),
  book: (candidate: BookSuggestion) => ({
    bookPublicationYear: candidate.year ? String(candidate.year) : "",
    bookAuthor: candidate.author,
    bookGenres: candidate.genres.join(", "),
    bookIsbn: candidate.externalIds.isbn13 ?? "",
  }),
};

type Ids = Record<string, string>;

/** The hidden id inputs' values for a picked work (API.md "Catalog with identity"). */
function idInputs(type: LookupType, candidate: Suggestion): Ids {
  const names: Record<string, string> = EXTERNAL_ID_INPUTS[type];
  return Object.fromEntries(
    Object.entries(candidate.externalIds).flatMap(([id, value]) => (names[id] && value ? [[names[id], value]] : [])),
  );
}

/** Decorative (the title says it all); a plain tile where the work has no picture. */
const Thumbnail = ({ url }: { url: string }) =>
  url ? (
    <img className="lookup__thumb" src={url} alt="" width={36} height={54} loading="lazy" />
  ) : (
    <span className="lookup__thumb" />
  );

const details = (candidate: Suggestion) =>
  [candidate.year, "director" in candidate ? candidate.director : candidate.author].filter(Boolean).join(" · ");

interface TitleLookupProps extends FieldAttributes {
  type: LookupType;
  label: string;
  name: string;
  defaultValue: string;
  error?: string;
  /** What the form posted last time (after a failed post): the picked work's ids come back with it. */
  values: Record<string, string>;
  "aria-describedby"?: string;
}

/**
 * A title field that suggests works as the member types (2+ characters, debounced): the ARIA combobox pattern
 * with a listbox (arrows move, Enter picks, Escape closes), each suggestion with its thumbnail, year and director
 * or author. Picking one fills the title and the fields the suggestion has, and hidden inputs with its external
 * ids; typing again drops them. Without JavaScript it is the plain title field, and the form posts as before.
 */
export function TitleLookup({ type, values, ...field }: TitleLookupProps) {
  const hydrated = useHydrated();
  const id = useId();
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [ids, setIds] = useState<Ids>(() =>
    Object.fromEntries(
      Object.values(EXTERNAL_ID_INPUTS[type]).flatMap((name) => (values[name] ? [[name, values[name]]] : [])),
    ),
  );
  const pending = useRef<{ timer?: ReturnType<typeof setTimeout>; request?: AbortController }>({});

  useEffect(() => {
    const current = pending.current;
    return () => {
      clearTimeout(current.timer);
      current.request?.abort();
    };
  }, []);

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function ask(text: string) {
    clearTimeout(pending.current.timer);
    pending.current.request?.abort();
    const q = text.trim();
    if (characterCount(q) < LOOKUP_MIN_CHARS) {
      setSuggestions([]);
      return close();
    }
    pending.current.timer = setTimeout(async () => {
      const request = new AbortController();
      pending.current.request = request;
      try {
        const response = await fetch(`/api/catalog/lookup?${new URLSearchParams({ type, q })}`, {
          signal: request.signal,
        });
        const found = response.ok ? ((await response.json()) as Suggestion[]) : [];
        setSuggestions(found);
        // An answer that comes after the member has moved on stays closed until they come back.
        setOpen(found.length > 0 && document.activeElement === input.current);
        setActive(-1);
      } catch {
        // A superseded or failed lookup shows nothing; the member can always type the work in full.
      }
    }, DEBOUNCE_MS);
  }

  function pick(candidate: Suggestion) {
    const form = input.current?.form;
    if (input.current) input.current.value = candidate.title;
    const filled: Record<string, string> =
      type === "movie" ? FILLS.movie(candidate as MovieSuggestion) : FILLS.book(candidate as BookSuggestion);
    for (const [name, value] of Object.entries(filled)) {
      const element = form?.elements.namedItem(name);
      if (value && (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) {
        element.value = value;
      }
    }
    setIds(idInputs(type, candidate));
    // Values set by a script fire no event; the form's listeners (the live preview) hear of them this way.
    input.current?.dispatchEvent(new Event("input", { bubbles: true }));
    close();
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) {
    const count = suggestions.length;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!count) return;
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setOpen(true);
      setActive((current) => (open ? (current + step + count) % count : step === 1 ? 0 : count - 1));
    } else if (event.key === "Enter" && open && active >= 0) {
      event.preventDefault();
      const chosen = suggestions[active];
      if (chosen) pick(chosen);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      close();
    }
  }

  useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [active, id]);

  const combobox = hydrated
    ? {
        role: "combobox",
        autoComplete: "off",
        "aria-autocomplete": "list" as const,
        "aria-expanded": open,
        "aria-controls": listId,
        "aria-activedescendant": open && active >= 0 ? `${id}-option-${active}` : undefined,
        onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
          setIds({});
          ask(event.currentTarget.value);
        },
        onKeyDown,
        onBlur: close,
      }
    : {};

  // The list is always there (empty and hidden until hydrated), so the input is the same element before and after
  // hydration and keeps what was typed meanwhile.
  return (
    <>
      <FormField {...field} {...combobox} inputRef={input}>
        <div id={listId} role="listbox" aria-label={`Suggested ${type}s`} className="lookup" hidden={!open}>
          {suggestions.map((candidate, index) => (
            // Keyboard users choose through the combobox (aria-activedescendant); the pointer picks here.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the input handles the keys for the whole listbox
            <div
              key={`${candidate.source}-${candidate._id ?? JSON.stringify(candidate.externalIds)}`}
              id={`${id}-option-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className="lookup__option"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(candidate)}
            >
              <Thumbnail url={"posterUrl" in candidate ? candidate.posterUrl : candidate.coverUrl} />
              <span className="lookup__text">
                <span className="lookup__title">{candidate.title}</span>
                <span className="lookup__details">{details(candidate)}</span>
              </span>
              <span className="lookup__source">{SOURCE_LABELS[candidate.source]}</span>
            </div>
          ))}
        </div>
      </FormField>
      {hydrated ? (
        <p className="visually-hidden" role="status">
          {open ? `${suggestions.length} suggestions; use the arrow keys to choose one.` : ""}
        </p>
      ) : null}
      {Object.entries(ids).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

import { useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "../hydrated.ts";

/** How long typing must pause before the field asks for suggestions. */
const TYPING_PAUSE_MS = 150;

/**
 * A feed filter's text field with suggestions from the catalog (decision 021). Without JavaScript it is a plain
 * input with a native `<datalist>` of the filter's most featured values. Once hydrated it becomes an ARIA
 * combobox: the same values while empty, then as you type the values starting with what was typed, from
 * `/filter-suggestions`; arrow keys move through them, Enter or a click picks one, Escape closes the list.
 */
export function SuggestField({
  id,
  name,
  defaultValue,
  popular,
}: {
  id: string;
  name: string;
  defaultValue: string;
  /** The filter's most featured values, shown before anything is typed. */
  popular: string[];
}) {
  const hydrated = useHydrated();
  const listId = `${useId()}-suggestions`;
  const input = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState(defaultValue.trim());
  const [fetched, setFetched] = useState<{ query: string; values: string[] } | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const options = typed ? (fetched?.query === typed ? fetched.values : []) : popular;
  const expanded = open && options.length > 0;

  useEffect(() => {
    if (hydrated) setTyped(input.current?.value.trim() ?? "");
  }, [hydrated]);

  useEffect(() => {
    if (!hydrated || !typed) return;
    const abort = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/filter-suggestions?${new URLSearchParams({ filter: name, q: typed })}`, {
          headers: { Accept: "application/json" },
          signal: abort.signal,
        });
        if (response.ok) setFetched({ query: typed, values: (await response.json()) as string[] });
      } catch {
        // Suggestions are a convenience: without them the field still filters by what was typed.
      }
    }, TYPING_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [hydrated, name, typed]);

  const choose = (value: string) => {
    if (input.current) input.current.value = value;
    setTyped(value.trim());
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!options.length) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setOpen(true);
      setActive((current) => (expanded ? (current + step + options.length) % options.length : step > 0 ? 0 : -1));
    } else if (event.key === "Enter" && expanded && active >= 0) {
      event.preventDefault();
      choose(options[active] ?? "");
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  // The same input before and after hydration, so what was typed meanwhile stays (and is read back above).
  return (
    <div className="suggest">
      <input
        ref={input}
        id={id}
        name={name}
        defaultValue={defaultValue}
        autoComplete="off"
        {...(hydrated
          ? {
              role: "combobox",
              "aria-autocomplete": "list" as const,
              "aria-expanded": expanded,
              "aria-controls": listId,
              "aria-activedescendant": expanded && active >= 0 ? `${listId}-${active}` : undefined,
              onInput: (event: React.FormEvent<HTMLInputElement>) => {
                setTyped(event.currentTarget.value.trim());
                setOpen(true);
                setActive(-1);
              },
              onClick: () => setOpen((current) => !current),
              onKeyDown,
              onBlur: () => setOpen(false),
            }
          : { list: listId })}
      />
      {hydrated ? (
        // The options are made only while the list is open: the feed's filters would otherwise build every list
        // as the page hydrates, for lists most readers never open.
        <div id={listId} role="listbox" aria-label="Suggestions" className="suggest__list" hidden={!expanded}>
          {(expanded ? options : []).map((value, index) => (
            <div
              key={value}
              id={`${listId}-${index}`}
              role="option"
              // Options are never focused (the input keeps focus and names the active one), but may be clicked.
              tabIndex={-1}
              aria-selected={index === active}
              className="suggest__option"
              // Before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(value);
              }}
            >
              {value}
            </div>
          ))}
        </div>
      ) : (
        <datalist id={listId}>
          {popular.map((value) => (
            <option key={value} value={value} />
          ))}
        </datalist>
      )}
    </div>
  );
}

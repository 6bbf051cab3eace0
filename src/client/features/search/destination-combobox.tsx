import { useState, type KeyboardEvent } from "react";
import { MapPin } from "lucide-react";
import type { DestinationSuggestion } from "../../../shared/search.ts";
import { cn } from "../../lib/cn.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { useDebouncedValue } from "../../lib/use-debounced-value.ts";
import { useDestinationSuggestions } from "./use-destination-suggestions.ts";

type DestinationComboboxProps = {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  className?: string;
};

/** A text input with city suggestions, following the ARIA combobox pattern with a listbox popup. */
export function DestinationCombobox({ id, value, onValueChange, className }: DestinationComboboxProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebouncedValue(value.trim(), 200);
  const { data } = useDestinationSuggestions(query, open);
  const suggestions = data?.suggestions ?? [];
  const expanded = open && suggestions.length > 0;
  const listId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;

  function choose(suggestion: DestinationSuggestion) {
    onValueChange(suggestion.city);
    setOpen(false);
    setActive(-1);
  }

  function move(step: 1 | -1) {
    if (!expanded) {
      setOpen(true);
      return;
    }
    const count = suggestions.length;
    setActive((index) => (index === -1 ? (step === 1 ? 0 : count - 1) : (index + step + count) % count));
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        move(1);
        break;
      case "ArrowUp":
        event.preventDefault();
        move(-1);
        break;
      case "Enter": {
        const suggestion = expanded && active >= 0 ? suggestions[active] : undefined;
        // Without a highlighted option Enter submits the search form as usual.
        if (suggestion) {
          event.preventDefault();
          choose(suggestion);
        }
        break;
      }
      case "Escape":
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (value) {
          onValueChange("");
        }
        break;
      case "Tab":
        setOpen(false);
        break;
    }
  }

  return (
    <div className={cn("relative", className)}>
      <input
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        placeholder={t("Where are you going?")}
        value={value}
        maxLength={100}
        onChange={(event) => {
          onValueChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
        onKeyDown={handleKeyDown}
        className="peer block h-14 w-full rounded-xl border border-slate-300 bg-white pt-5 pr-3 pl-10 text-base font-semibold text-slate-900 shadow-xs transition-colors placeholder:font-normal placeholder:text-slate-500 hover:border-slate-400 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/40 sm:text-sm"
      />
      <MapPin aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500" />
      <ul
        id={listId}
        role="listbox"
        aria-label={t("Suggested destinations")}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-40 mt-2 max-h-80 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl"
      >
        {suggestions.map((suggestion, index) => (
          <li
            key={`${suggestion.city}|${suggestion.country}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // Keep focus in the input so the listbox does not close before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(suggestion)}
            className={cn(
              "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2.5 py-2 text-sm",
              index === active ? "bg-brand-50 text-brand-900" : "text-slate-800 hover:bg-slate-100",
            )}
          >
            <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-500">
              <MapPin aria-hidden="true" className="size-4" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block truncate font-semibold">{suggestion.city}</span>
              <span className="block truncate text-slate-600">{suggestion.country}</span>
            </span>
            <span className="shrink-0 text-xs text-slate-600">{t("{{count, number}} hotels", { count: suggestion.hotelCount })}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

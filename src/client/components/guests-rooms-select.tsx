import { type FocusEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Users } from "lucide-react";
import { MAX_CHILD_AGE, MIN_CHILD_AGE } from "../../shared/children.ts";
import { MAX_CHILDREN, MAX_GUESTS, MAX_ROOMS, type Stay } from "../../shared/search-options.ts";
import { cn } from "../lib/cn.ts";
import { type TFunction, useTranslation } from "../lib/i18n.ts";
import { Button } from "./ui/button.tsx";
import { NativeSelect } from "./ui/native-select.tsx";

export type Party = Pick<Stay, "guests" | "children" | "childAges" | "rooms">;

/** What is being chosen: an age may still be missing (null) for a child just added. */
type Draft = { adults: number; ages: (number | null)[]; rooms: number };

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const AGES = range(MIN_CHILD_AGE, MAX_CHILD_AGE);

function ageLabel(t: TFunction, age: number): string {
  return age === 0 ? t("Under 1") : t("{{count}} years old", { count: age });
}

/** "2 adults · 1 child · 1 room": what the closed picker shows. */
export function partySummary(t: TFunction, party: Party): string {
  const parts = [t("{{count}} adults", { count: party.guests })];
  if (party.children > 0) parts.push(t("{{count}} children", { count: party.children }));
  parts.push(t("{{count}} rooms", { count: party.rooms }));
  return parts.join(" · ");
}

function draftOf(party: Party): Draft {
  return { adults: party.guests, ages: range(1, party.children).map((_, i) => party.childAges[i] ?? null), rooms: party.rooms };
}

/** The first rule the draft breaks (the server checks the same), or null. */
function draftProblem(t: TFunction, draft: Draft): string | null {
  if (draft.ages.some((age) => age === null)) return t("Choose the age of each child");
  if (draft.rooms > draft.adults) return t("Each room needs at least one adult");
  if (draft.adults + draft.ages.length > MAX_GUESTS) return t("A booking can be for at most {{max}} people", { max: MAX_GUESTS });
  return null;
}

type GuestsRoomsPickerProps = {
  id?: string;
  party: Party;
  onPartyChange: (party: Party) => void;
  /** The trigger's look (the hero form's and the hotel page's fields differ). */
  className?: string;
  labelClassName?: string;
};

/**
 * The 'Guests & Rooms' field: adults, children with each child's age, and rooms, chosen in a panel
 * of native selects (keyboard and screen-reader friendly, no extra JavaScript). The party changes
 * only when complete: Done, or leaving the panel, applies it; Escape discards it.
 */
export function GuestsRoomsPicker({ id, party, onPartyChange, className, labelClassName }: GuestsRoomsPickerProps) {
  const { t } = useTranslation();
  const generatedId = useId();
  const triggerId = id ?? generatedId;
  const labelId = `${triggerId}-label`;
  const summaryId = `${triggerId}-summary`;
  const panelId = `${triggerId}-panel`;
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(party));
  const [problem, setProblem] = useState<string | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const firstField = useRef<HTMLSelectElement>(null);

  useEffect(() => {
    if (open) firstField.current?.focus();
  }, [open]);

  function show() {
    setDraft(draftOf(party));
    setProblem(null);
    setOpen(true);
  }

  function close(focusTrigger: boolean) {
    setOpen(false);
    setProblem(null);
    if (focusTrigger) trigger.current?.focus();
  }

  /** Applies a complete party; an incomplete one stays open and says what is missing. */
  function apply(focusTrigger: boolean): boolean {
    const broken = draftProblem(t, draft);
    if (broken) {
      setProblem(broken);
      return false;
    }
    const childAges = draft.ages.filter((age): age is number => age !== null);
    onPartyChange({ guests: draft.adults, children: childAges.length, childAges, rooms: draft.rooms });
    close(focusTrigger);
    return true;
  }

  function handleKeyDown(event: KeyboardEvent) {
    if (event.key === "Escape" && open) {
      event.stopPropagation();
      close(true);
    }
  }

  function handleBlur(event: FocusEvent) {
    // Focus (or a click) left the picker: a complete party is kept, an incomplete one dropped.
    if (!open || wrapper.current?.contains(event.relatedTarget as Node | null)) return;
    if (!apply(false)) close(false);
  }

  function setChildren(count: number) {
    setDraft((d) => ({ ...d, ages: range(1, count).map((_, i) => d.ages[i] ?? null) }));
    setProblem(null);
  }

  return (
    <div ref={wrapper} className="relative" onKeyDown={handleKeyDown} onBlur={handleBlur}>
      <span id={labelId} className={labelClassName}>
        {t("Guests & Rooms")}
      </span>
      <button
        ref={trigger}
        id={triggerId}
        type="button"
        aria-labelledby={`${labelId} ${summaryId}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? apply(true) : show())}
        className={cn(
          "flex h-11 w-full cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-left text-base text-slate-900 shadow-xs sm:text-sm",
          "focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/40",
          className,
        )}
      >
        <Users aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        <span id={summaryId} className="truncate">
          {partySummary(t, party)}
        </span>
      </button>
      {open ? (
        <div
          id={panelId}
          role="group"
          aria-label={t("Guests and rooms")}
          className="absolute right-0 left-0 z-40 mt-2 min-w-72 space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-xl"
        >
          <PickerField label={t("Adults")} hint={t("18 or over")}>
            {(fieldId) => (
              <NativeSelect
                ref={firstField}
                id={fieldId}
                value={draft.adults}
                onChange={(e) => setDraft((d) => ({ ...d, adults: Number(e.target.value) }))}
              >
                {range(1, MAX_GUESTS).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </NativeSelect>
            )}
          </PickerField>
          <PickerField label={t("Children")} hint={t("{{min}} to {{max}}", { min: MIN_CHILD_AGE, max: MAX_CHILD_AGE })}>
            {(fieldId) => (
              <NativeSelect id={fieldId} value={draft.ages.length} onChange={(e) => setChildren(Number(e.target.value))}>
                {range(0, MAX_CHILDREN).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </NativeSelect>
            )}
          </PickerField>
          {draft.ages.map((age, i) => (
            <PickerField key={i} label={t("Age of child {{number}}", { number: i + 1 })}>
              {(fieldId) => (
                <NativeSelect
                  id={fieldId}
                  value={age ?? ""}
                  aria-invalid={problem !== null && age === null ? true : undefined}
                  onChange={(e) => {
                    const value = e.target.value === "" ? null : Number(e.target.value);
                    setDraft((d) => ({ ...d, ages: d.ages.map((a, j) => (j === i ? value : a)) }));
                    setProblem(null);
                  }}
                >
                  <option value="">{t("Choose age")}</option>
                  {AGES.map((a) => (
                    <option key={a} value={a}>
                      {ageLabel(t, a)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </PickerField>
          ))}
          <PickerField label={t("Rooms")}>
            {(fieldId) => (
              <NativeSelect id={fieldId} value={draft.rooms} onChange={(e) => setDraft((d) => ({ ...d, rooms: Number(e.target.value) }))}>
                {range(1, MAX_ROOMS).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </NativeSelect>
            )}
          </PickerField>
          {problem ? (
            <p role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          ) : null}
          <Button type="button" className="w-full" onClick={() => apply(true)}>
            {t("Done")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function PickerField({ label, hint, children }: { label: string; hint?: string; children: (id: string) => ReactNode }) {
  const fieldId = useId();
  return (
    <div className="grid grid-cols-[1fr_8.5rem] items-center gap-3">
      <label htmlFor={fieldId} className="text-sm font-medium text-slate-800">
        {label}
        {hint ? <span className="block text-xs font-normal text-slate-600">{hint}</span> : null}
      </label>
      {children(fieldId)}
    </div>
  );
}

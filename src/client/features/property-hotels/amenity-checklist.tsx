import { AMENITY_LABELS } from "../../../shared/property-hotels.ts";

type AmenityChecklistProps = {
  legend: string;
  value: string[];
  onChange: (value: string[]) => void;
  error?: string | undefined;
};

/** The canonical amenities as checkboxes: only these labels can be chosen. */
export function AmenityChecklist({ legend, value, onChange, error }: AmenityChecklistProps) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-900">{legend}</legend>
      <div className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {AMENITY_LABELS.map((label) => (
          <label key={label} className="flex min-h-10 items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="size-5 accent-brand-700"
              checked={value.includes(label)}
              onChange={(e) => onChange(e.target.checked ? [...value, label] : value.filter((v) => v !== label))}
            />
            {label}
          </label>
        ))}
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

import { useId } from "react";
import { useTranslation } from "../lib/i18n.ts";
import { Globe } from "lucide-react";
import { toast } from "sonner";
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from "../../shared/i18n/languages.ts";
import { cn } from "../lib/cn.ts";
import { chooseLanguage, currentLanguage } from "../lib/i18n.ts";

/** The pages are drawn again in the new language; the keyboard user's focus comes back to the visible picker. */
function refocusPicker(): void {
  requestAnimationFrame(() => {
    const pickers = document.querySelectorAll<HTMLSelectElement>("select[data-language-picker]");
    [...pickers].find((picker) => picker.offsetParent !== null)?.focus();
  });
}

/** The language the app speaks, each named in itself; the choice is kept in this browser. */
export function LanguagePicker({ className }: { className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={cn("relative flex items-center", className)}>
      <label htmlFor={id} className="sr-only">
        {t("Language")}
      </label>
      <Globe aria-hidden="true" className="pointer-events-none absolute left-2.5 size-4 text-slate-500" />
      <select
        id={id}
        data-language-picker=""
        value={currentLanguage()}
        onChange={(event) => {
          const language = event.target.value;
          if (!isLanguage(language)) return;
          chooseLanguage(language).then(refocusPicker, () =>
            toast.error(t("The language could not be loaded. Check your connection and try again.")),
          );
        }}
        className="h-11 cursor-pointer appearance-none rounded-lg border border-transparent bg-transparent pr-2 pl-8 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}

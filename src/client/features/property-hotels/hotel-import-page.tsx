import { type FormEvent, useState } from "react";
import { IMPORT_COLUMNS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from "../../../shared/hotel-import.ts";
import type { ImportResult } from "../../api/admin-hotel-import.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { formatCount } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { PageHeader } from "../../components/page-header.tsx";
import { useImportHotels } from "./use-property-hotels.ts";

/** /admin/hotels/import: check a CSV (dry run), read every row's problems, then import it in one go. */
export function HotelImportPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("Import hotels"));
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [fileError, setFileError] = useState("");
  const run = useImportHotels();
  const checked = result !== null && result.dryRun && result.problems.length === 0 && result.rows > 0;

  function choose(next: File | null) {
    setFile(next);
    setResult(null);
    setFileError(next && next.size > IMPORT_MAX_BYTES ? t("The file is larger than 5 MB. Split it into smaller files.") : "");
  }

  function send(dryRun: boolean) {
    if (!file || fileError) return;
    run.mutate({ file, dryRun }, { onSuccess: setResult });
  }

  function check(event: FormEvent) {
    event.preventDefault();
    send(true);
  }

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <PageHeader
        title={t("Import hotels")}
        description={t(
          "A CSV file (UTF-8, at most 5 MB and {{rows}} rows) with one row per room type. Check it first: nothing is written until every row is right, and then everything is written at once.",
          { rows: formatCount(IMPORT_MAX_ROWS) },
        )}
        back={{ to: "/admin/hotels", label: t("Hotels") }}
      />
      <Card className="space-y-4 p-4 sm:p-6">
        <form onSubmit={check} className="space-y-4" aria-label={t("CSV import")}>
          <div className="space-y-1.5">
            <Label htmlFor="import-file">{t("CSV file")}</Label>
            <input
              id="import-file"
              type="file"
              accept=".csv,text/csv"
              onChange={(e) => choose(e.target.files?.[0] ?? null)}
              aria-describedby={fileError ? "import-file-error" : undefined}
              className="block w-full text-sm file:mr-3 file:h-10 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3"
            />
            {fileError ? (
              <p id="import-file-error" role="alert" className="text-sm text-red-700">
                {fileError}
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-3">
            <Button
              type="submit"
              variant="secondary"
              disabled={!file || !!fileError || run.isPending}
              aria-busy={run.isPending || undefined}
            >
              {run.isPending ? <Spinner /> : null}
              {t("Check file")}
            </Button>
            <Button type="button" disabled={!checked || run.isPending} onClick={() => send(false)}>
              {checked ? t("Import {{count, number}} hotels", { count: result.hotels }) : t("Import")}
            </Button>
          </div>
        </form>
        {result ? <ImportSummary result={result} /> : null}
        {run.isError ? <Alert variant="error">{run.error.message}</Alert> : null}
      </Card>

      <section aria-labelledby="columns-heading" className="space-y-3">
        <h2 id="columns-heading" className="text-xl font-semibold text-slate-900">
          {t("Columns")}
        </h2>
        <p className="text-sm text-slate-600">
          {t(
            "The first row names the columns, in any order. Rows with the same hotel_ref are room types of one new hotel and repeat its columns. Cells may not start with = + - @ or a tab (spreadsheet formulas); a negative number such as -33.87 is fine.",
          )}
        </p>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("Import columns")}</caption>
            <thead className="border-b border-slate-200 bg-slate-50">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t("Column")}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t("What it holds")}
                </th>
              </tr>
            </thead>
            <tbody>
              {IMPORT_COLUMNS.map((c) => (
                <tr key={c.name} className="border-b border-slate-100">
                  <td className="px-3 py-2 font-mono text-xs">{c.name}</td>
                  <td className="px-3 py-2 text-slate-700">{c.about}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}

function ImportSummary({ result }: { result: ImportResult }) {
  const { t } = useTranslation();
  if (result.imported) {
    return (
      <Alert variant="success">
        {t("Imported {{hotels}} hotels with {{roomTypes}} room types.", { hotels: result.hotels, roomTypes: result.roomTypes })}
      </Alert>
    );
  }
  if (result.problems.length === 0) {
    return (
      <Alert variant="success">
        {t("No problems in {{rows}} rows: {{hotels}} hotels with {{roomTypes}} room types are ready to import.", {
          rows: result.rows,
          hotels: result.hotels,
          roomTypes: result.roomTypes,
        })}
      </Alert>
    );
  }
  return (
    <div className="space-y-2">
      <Alert variant="error">
        {t("{{count, number}} problems in {{rows}} rows. Nothing was written. Fix them and check the file again.", {
          count: result.problems.length,
          rows: result.rows,
        })}
      </Alert>
      <div className="max-h-96 overflow-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("Problems found")}</caption>
          <thead className="sticky top-0 bg-slate-50">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t("Row")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("Column")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("Problem")}
              </th>
            </tr>
          </thead>
          <tbody>
            {result.problems.map((p, i) => (
              <tr key={i} className="border-b border-slate-100">
                <td className="px-3 py-2">{p.row}</td>
                <td className="px-3 py-2 font-mono text-xs">{p.column}</td>
                <td className="px-3 py-2">{p.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

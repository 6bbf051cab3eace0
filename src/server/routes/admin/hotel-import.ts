import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from "../../../shared/hotel-import.ts";
import { ImportResultSchema } from "../../contract/property-hotels.ts";
import { DomainError } from "../../domain-error.ts";
import { apiRouter, defineRoute, jsonAnswer } from "../../http/openapi.ts";
import type { AppDeps, SignedInEnv } from "../../http/types.ts";
import { importHotels } from "../../services/hotel-import.ts";

/** The import's body limit: the largest file and the form's overhead; larger bodies get IMPORT_FILE_TOO_LARGE. */
export const HOTEL_IMPORT_BODY_LIMIT = IMPORT_MAX_BYTES + 64 * 1024;
export const HOTEL_IMPORT_PATH = "/api/admin/hotel-import";

const importRoute = defineRoute({
  method: "post",
  path: "/hotel-import",
  operationId: "importHotels",
  tags: ["Admin"],
  summary: "Import hotels and room types from CSV: a dry run lists every row's problems; the import writes all or nothing",
  // Described for readers; the handler reads the form itself.
  request: {
    body: {
      content: {
        "multipart/form-data": {
          schema: {
            type: "object" as const,
            required: ["file"],
            properties: {
              file: {
                type: "string" as const,
                format: "binary",
                description: `UTF-8 CSV, at most 5 MB and ${IMPORT_MAX_ROWS} rows; columns as listed on the import page`,
              },
              dryRun: { type: "string" as const, enum: ["true", "false"], description: "true: check only, write nothing" },
            },
          },
        },
      },
      required: true,
    },
  },
  errors: ["IMPORT_FILE_TOO_LARGE", "IMPORT_NOT_CSV", "IMPORT_BAD_COLUMNS", "IMPORT_TOO_MANY_ROWS", "IMPORT_HAS_PROBLEMS"],
  responses: { 200: jsonAnswer(ImportResultSchema, "Rows checked, problems found and whether anything was written") },
});

/** CSV import of hotels; mounted under /api/admin (admins only). */
export function adminHotelImportRoutes(deps: AppDeps) {
  return apiRouter<SignedInEnv>().openapi(importRoute, async (c) => {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw new DomainError("IMPORT_NOT_CSV");
    }
    const file = form["file"];
    if (!(file instanceof File) || file.size === 0) throw new DomainError("IMPORT_NOT_CSV");
    if (file.size > IMPORT_MAX_BYTES) throw new DomainError("IMPORT_FILE_TOO_LARGE");
    const dryRun = form["dryRun"] !== "false";
    const bytes = new Uint8Array(await file.arrayBuffer());
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      throw new DomainError("IMPORT_NOT_CSV", "The file is not UTF-8 text. Save it as CSV UTF-8 and try again.");
    }
    if (text.includes("\u0000"))
      throw new DomainError("IMPORT_NOT_CSV", "The file is not text (it contains NUL bytes). Save it as CSV UTF-8.");
    return c.json(await importHotels(deps.db, c.get("user"), { size: file.size, text }, dryRun), 200);
  });
}

import { api, body } from "./client.ts";

/** Sends the CSV; a dry run only checks it. */
export function importHotelsCsv(file: File, dryRun: boolean) {
  const form = new FormData();
  form.set("file", file);
  form.set("dryRun", String(dryRun));
  return body(api.admin["hotel-import"].$post({}, { init: { body: form } }));
}

export type ImportResult = Awaited<ReturnType<typeof importHotelsCsv>>;

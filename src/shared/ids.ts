/** The largest id a database `integer` column holds. */
export const MAX_DATABASE_ID = 2_147_483_647;

/**
 * True for the text of an id our database can hold: a positive whole number up to MAX_DATABASE_ID.
 * Anything else names no row, so callers answer "not found" without asking PostgreSQL, which would
 * refuse a larger number with an error instead.
 */
export function isDatabaseId(text: string): boolean {
  return /^\d{1,10}$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_DATABASE_ID;
}

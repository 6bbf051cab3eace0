/**
 * PostgreSQL array literals, bound as ONE parameter (`${intArray(ids)}::int[]`): a list of any
 * length then keeps one statement text, so it repeats and runs prepared (decision 080), where
 * `in (${a}, ${b}, ...)` wrote a text per length.
 */
export function intArray(values: readonly (number | null)[]): string {
  return `{${values.map((v) => (v === null ? "NULL" : String(Math.trunc(Number(v))))).join(",")}}`;
}

/** Each element quoted (backslash and double quote escaped), null as NULL. */
export function textArray(values: readonly (string | null)[]): string {
  return `{${values.map((v) => (v === null ? "NULL" : `"${v.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`)).join(",")}}`;
}

/**
 * What a database error means, read through Drizzle's wrapper: its SQLSTATE, the constraint it
 * broke, and whether it says the database could not be reached (a 503, not a 500). The db layer
 * needs these as much as the HTTP layer does (read-replicas.ts falls back on them), so they live here.
 */

/** The name of the constraint a database error broke, if any. */
export function pgConstraint(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === "string") return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** The SQLSTATE of a database error, looking through Drizzle's wrapper (e.g. '23514' check violation). */
export function pgErrorCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

// SQLSTATE classes and codes that mean "the database is not answering", not "this request is wrong":
// 08 connection exception, 57P01-57P03 shutdown (an administrator's pg_terminate_backend included) /
// cannot connect now, 57014 statement timeout, 25P03 idle-in-transaction timeout, 53300 too many
// connections, 55P03 lock timeout.
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[123]|57014|25P03|53300|55P03)$/;
const UNAVAILABLE_NODE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);
// node-postgres reports its own time-outs and lost connections with plain messages and no code:
// "Connection terminated (unexpectedly)" for a connection that dropped, "Client has encountered a
// connection error and is not queryable" for the next statement (a transaction's ROLLBACK) on it.
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|database request timed out/i;

/** Whether an error (or one of its causes) says the database could not be reached or did not answer in time. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 6; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_SQLSTATES.test(code) || UNAVAILABLE_NODE_CODES.has(code))) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

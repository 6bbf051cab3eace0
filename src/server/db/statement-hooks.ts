/**
 * Lets an observer (the optional tracing, src/server/middleware/tracing.ts) see every SQL statement the app's
 * database connections run, with its end and error. Installed only when an observer is given: without
 * one, openDatabase leaves the drivers as they are and statements pay nothing.
 */
import type { PGlite, Transaction } from "@electric-sql/pglite";
import type pg from "pg";

/** Called as a statement starts; the function it returns is called once when the statement ends. */
export interface StatementObserver {
  start(text: string): (error?: unknown) => void;
}

type Callback = (error: unknown, result: unknown) => void;

function statementText(first: unknown): string | null {
  if (typeof first === "string") return first;
  if (first && typeof first === "object" && "text" in first && typeof first.text === "string") return first.text;
  return null;
}

/** Ends the observation when a promise settles, without changing what the caller sees. */
function observePromise<T>(result: Promise<T>, end: (error?: unknown) => void): Promise<T> {
  result.then(
    () => end(),
    (error: unknown) => end(error),
  );
  return result;
}

/**
 * Every connection of a node-postgres pool, including those of transactions and of `pool.query`
 * (which runs on a pooled client), reports its statements. COPY streams (submittables) are not
 * statements of a request and pass untouched.
 */
export function observePoolStatements(pool: pg.Pool, observer: StatementObserver): void {
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const first = args[0];
      const text = statementText(first);
      if (text === null || (first && typeof first === "object" && "submit" in first)) return query(...args);
      const end = observer.start(text);
      const last = args.length - 1;
      if (typeof args[last] === "function") {
        const callback = args[last] as Callback;
        args[last] = (error: unknown, result: unknown) => {
          end(error ?? undefined);
          callback(error, result);
        };
        return query(...args);
      }
      try {
        return observePromise(query(...args) as Promise<unknown>, end);
      } catch (error) {
        end(error);
        throw error;
      }
    };
  });
}

function observeQueries(target: Pick<PGlite, "query" | "exec">, observer: StatementObserver): void {
  const query = target.query.bind(target);
  const exec = target.exec.bind(target);
  target.query = ((text: string, params?: unknown[], options?: object) =>
    observePromise(query(text, params, options), observer.start(text))) as PGlite["query"];
  target.exec = ((text: string, options?: object) => observePromise(exec(text, options), observer.start(text))) as PGlite["exec"];
}

/** The embedded database's statements, inside transactions too, report to the observer. */
export function observePgliteStatements(client: PGlite, observer: StatementObserver): void {
  observeQueries(client, observer);
  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      observeQueries(tx, observer);
      return callback(tx);
    })) as PGlite["transaction"];
}

import pg from "pg";

/**
 * A node-postgres pool whose lost connections never crash the process. node-postgres emits
 * `error` on a client whose connection drops (a restart, a failover, pg_terminate_backend); the
 * pool listens on idle clients only, and an `error` nobody listens to ends the process. So every
 * client gets a listener for its whole life: a checked-out client's statement (or its
 * transaction's ROLLBACK) fails instead, the request answers 503, and the pool discards the client
 * when it is released (it is no longer queryable) and opens a new one on demand.
 */
export function openPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  // Dropped while idle: the pool removes the client itself.
  pool.on("error", ignoreConnectionError);
  pool.on("connect", (client) => client.on("error", ignoreConnectionError));
  return pool;
}

/** The failure reaches whoever uses the client next, as the rejection of their statement. */
function ignoreConnectionError(): void {}

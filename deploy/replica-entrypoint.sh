#!/bin/sh
# A streaming replica: cloned from the primary with pg_basebackup -R on first start, then started.
set -e
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until pg_isready -h primary -U postgres -q; do sleep 1; done
  mkdir -p "$PGDATA" && chown postgres:postgres "$PGDATA" && chmod 700 "$PGDATA"
  gosu postgres env PGPASSWORD="$POSTGRES_PASSWORD" pg_basebackup -h primary -U postgres -D "$PGDATA" -R -X stream
fi
exec docker-entrypoint.sh postgres

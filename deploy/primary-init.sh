#!/bin/sh
# Lets the replica stream from the primary (run once by the postgres image on an empty data directory).
set -e
echo "host replication all all scram-sha-256" >> "$PGDATA/pg_hba.conf"

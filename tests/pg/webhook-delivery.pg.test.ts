import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookDeliveries } from "../../src/server/db/schema.ts";
import { deliverDueWebhooks, webhookDeliveryDeps } from "../../src/server/services/webhook-delivery.ts";
import { createWebhookEndpoint, webhookAdminDeps } from "../../src/server/services/webhook-endpoints.ts";
import { recordWebhookEvent } from "../../src/server/services/webhook-outbox.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import { users } from "../../src/server/db/schema.ts";
import { eq } from "drizzle-orm";
import { createHotel } from "../factories.ts";
import { type Instances, startInstances } from "../support/pg.ts";
import type { SessionUser } from "../../src/shared/auth.ts";

let cluster: Instances;
let server: http.Server;
const received: { id: string; booking: string; seq: number }[] = [];

beforeAll(async () => {
  cluster = await startInstances(3, { OUTBOUND_PRIVATE_HOSTS: "127.0.0.1" });
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const event = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id: string; data: { booking: string; seq: number } };
      received.push({ id: event.id, booking: event.data.booking, seq: event.data.seq });
      // A little latency, so the instances' rounds overlap.
      setTimeout(() => res.writeHead(204).end(), 5);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await cluster.close();
});

describe("webhook delivery on several instances", () => {
  it("sends each event exactly once, each booking's events in order, when three instances deliver at the same time", async () => {
    const [first] = cluster.instances;
    const db = first!.deps.db;
    await ensureAdmin(db, first!.deps.auth, { email: "pg-hooks@example.com", password: "admin-password", name: "Admin" }, "test");
    const [admin] = await db.select().from(users).where(eq(users.email, "pg-hooks@example.com"));
    const hotel = await createHotel(db, { name: "PG Hook Hotel" });
    const user = { id: admin!.id, email: admin!.email, isAdmin: true, canManageHotels: true } as SessionUser;
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    await createWebhookEndpoint(webhookAdminDeps(db, first!.deps.config), user, hotel.id, {
      url,
      description: "",
      events: ["booking.modified"],
    });
    for (let seq = 0; seq < 10; seq += 1)
      for (const booking of ["a", "b", "c", "d", "e"])
        await recordWebhookEvent(db, { type: "booking.modified", hotelId: hotel.id, bookingId: booking, data: { booking, seq } });

    const workers = cluster.instances.map((app) =>
      webhookDeliveryDeps({ db: app.deps.db, config: app.deps.config, deliveryMode: app.deps.deliveryMode, logger: app.deps.logger }),
    );
    // Each instance keeps delivering until nothing is left; all three at once.
    await Promise.all(
      workers.map(async (deps) => {
        for (let round = 0; round < 60; round += 1) if ((await deliverDueWebhooks(deps, { batchSize: 7 })) === 0 && round > 5) break;
      }),
    );
    expect(received).toHaveLength(50);
    expect(new Set(received.map((r) => r.id)).size).toBe(50);
    for (const booking of ["a", "b", "c", "d", "e"])
      expect(received.filter((r) => r.booking === booking).map((r) => r.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const rows = await db.select({ status: webhookDeliveries.status, attempts: webhookDeliveries.attempts }).from(webhookDeliveries);
    expect(rows.every((r) => r.status === "delivered" && r.attempts === 1)).toBe(true);
  });
});

import { randomBytes } from "node:crypto";
import { type IncomingMessage, type Server, createServer } from "node:http";

export interface FakeIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  capture_method: "automatic" | "manual";
  amount_received: number;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: null | { message: string };
}

export interface FakeStripe {
  url: string;
  intents: Map<string, FakeIntent>;
  idempotencyKeys: string[];
  refunds: { payment_intent: string; amount: number; reason: string }[];
  /** Every capture made (a repeated idempotency key makes none). */
  captures: { payment_intent: string; amount_to_capture: number }[];
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve) => {
    let data = "";
    req.on("data", (chunk: Buffer) => (data += chunk.toString()));
    req.on("end", () => resolve(new URLSearchParams(data)));
  });
}

/** A local stand-in for the few Stripe API endpoints the gateway uses (no network needed). */
export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const byKey = new Map<string, string>();
  const refundsByKey = new Map<string, unknown>();
  const idempotencyKeys: string[] = [];
  const refunds: FakeStripe["refunds"] = [];
  const captures: FakeStripe["captures"] = [];
  const answersByKey = new Map<string, unknown>();

  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { "content-type": "application/json", "request-id": `req_${randomBytes(6).toString("hex")}` });
      res.end(JSON.stringify(json));
    };
    const error = (status: number, code: string, message: string) =>
      send(status, { error: { type: "invalid_request_error", code, message } });
    const url = new URL(req.url ?? "/", "http://fake");
    const key = req.headers["idempotency-key"];
    if (typeof key === "string") idempotencyKeys.push(key);

    if (req.method === "POST" && url.pathname === "/v1/payment_intents") {
      if (typeof key === "string" && byKey.has(key)) return send(200, intents.get(byKey.get(key)!));
      const id = `pi_${randomBytes(8).toString("hex")}`;
      const metadata: Record<string, string> = {};
      for (const [k, v] of body) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]!] = v;
      }
      const intent: FakeIntent = {
        id,
        object: "payment_intent",
        amount: Number(body.get("amount")),
        currency: body.get("currency") ?? "usd",
        status: "requires_payment_method",
        capture_method: body.get("capture_method") === "manual" ? "manual" : "automatic",
        amount_received: 0,
        client_secret: `${id}_secret_${randomBytes(6).toString("hex")}`,
        metadata,
        last_payment_error: null,
      };
      intents.set(id, intent);
      if (typeof key === "string") byKey.set(key, id);
      return send(200, intent);
    }
    const intentMatch = /^\/v1\/payment_intents\/([^/]+)(\/cancel|\/capture)?$/.exec(url.pathname);
    if (intentMatch) {
      const intent = intents.get(intentMatch[1]!);
      if (!intent) return error(404, "resource_missing", `No such payment_intent: '${intentMatch[1]}'`);
      if (req.method === "GET") return send(200, intent);
      // Like Stripe: a repeated idempotency key answers with the first answer and does nothing more.
      const seen = typeof key === "string" ? answersByKey.get(key) : undefined;
      if (seen) return send(200, seen);
      if (intentMatch[2] === "/capture") {
        if (intent.status !== "requires_capture") {
          return error(
            400,
            "payment_intent_unexpected_state",
            `This PaymentIntent could not be captured because it has a status of ${intent.status}.`,
          );
        }
        const amount = body.has("amount_to_capture") ? Number(body.get("amount_to_capture")) : intent.amount;
        if (amount > intent.amount) return error(400, "amount_too_large", "The amount to capture is larger than the amount authorised.");
        captures.push({ payment_intent: intent.id, amount_to_capture: amount });
        intent.status = "succeeded";
        intent.amount_received = amount;
        const answer = { ...intent };
        if (typeof key === "string") answersByKey.set(key, answer);
        return send(200, answer);
      }
      if (intentMatch[2]) {
        if (intent.status === "succeeded" || intent.status === "canceled") {
          return error(
            400,
            "payment_intent_unexpected_state",
            `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          );
        }
        intent.status = "canceled";
        const answer = { ...intent };
        if (typeof key === "string") answersByKey.set(key, answer);
        return send(200, answer);
      }
    }
    if (req.method === "POST" && url.pathname === "/v1/refunds") {
      // Like Stripe: a repeated idempotency key answers with the first refund and refunds nothing more.
      if (typeof key === "string" && refundsByKey.has(key)) return send(200, refundsByKey.get(key));
      const intent = intents.get(body.get("payment_intent") ?? "");
      if (!intent || intent.status !== "succeeded")
        return error(400, "charge_not_refundable", "This PaymentIntent has no successful charge to refund.");
      refunds.push({ payment_intent: intent.id, amount: Number(body.get("amount")), reason: body.get("reason") ?? "" });
      const refund = {
        id: `re_${randomBytes(6).toString("hex")}`,
        object: "refund",
        amount: Number(body.get("amount")),
        status: "succeeded",
      };
      if (typeof key === "string") refundsByKey.set(key, refund);
      return send(200, refund);
    }
    error(404, "resource_missing", `Unrecognized request URL (${req.method}: ${url.pathname}).`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    idempotencyKeys,
    refunds,
    captures,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

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

export interface FakeSetupIntent {
  id: string;
  object: "setup_intent";
  customer: string | null;
  usage: string;
  status: string;
  payment_method: string | null;
  client_secret: string;
  metadata: Record<string, string>;
  last_setup_error: null | { message: string };
}

export interface FakeStripe {
  url: string;
  intents: Map<string, FakeIntent>;
  setupIntents: Map<string, FakeSetupIntent>;
  customers: { id: string; email: string }[];
  /** What the browser's confirmSetup would do: the card is saved as this (Stripe's test payment methods). */
  completeSetup(id: string, paymentMethod: string): void;
  idempotencyKeys: string[];
  refunds: { payment_intent: string; amount: number; reason: string }[];
  /** Every capture made (a repeated idempotency key makes none). */
  captures: { payment_intent: string; amount_to_capture: number }[];
  close(): Promise<void>;
}

/** Stripe's test payment methods that save fine but refuse an off-session charge, with Stripe's answers. */
const OFF_SESSION_REFUSALS: Record<string, { code: string; message: string }> = {
  pm_card_chargeCustomerFail: { code: "card_declined", message: "Your card was declined." },
  pm_card_authenticationRequired: {
    code: "authentication_required",
    message: "Your card was declined. This transaction requires authentication.",
  },
};

function metadataOf(body: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [k, v] of body) {
    const m = /^metadata\[(.+)\]$/.exec(k);
    if (m) metadata[m[1]!] = v;
  }
  return metadata;
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
  const setupIntents = new Map<string, FakeSetupIntent>();
  const customers: FakeStripe["customers"] = [];
  const createdByKey = new Map<string, { status: number; json: unknown }>();

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

    if (req.method === "POST" && url.pathname === "/v1/customers") {
      if (typeof key === "string" && createdByKey.has(key)) return send(200, createdByKey.get(key)!.json);
      const customer = { id: `cus_${randomBytes(8).toString("hex")}`, object: "customer", email: body.get("email") ?? "" };
      customers.push({ id: customer.id, email: customer.email });
      if (typeof key === "string") createdByKey.set(key, { status: 200, json: customer });
      return send(200, customer);
    }
    if (req.method === "POST" && url.pathname === "/v1/setup_intents") {
      if (typeof key === "string" && createdByKey.has(key))
        return send(200, setupIntents.get((createdByKey.get(key)!.json as FakeSetupIntent).id));
      const id = `seti_${randomBytes(8).toString("hex")}`;
      const setup: FakeSetupIntent = {
        id,
        object: "setup_intent",
        customer: body.get("customer"),
        usage: body.get("usage") ?? "off_session",
        status: "requires_payment_method",
        payment_method: null,
        client_secret: `${id}_secret_${randomBytes(6).toString("hex")}`,
        metadata: metadataOf(body),
        last_setup_error: null,
      };
      setupIntents.set(id, setup);
      if (typeof key === "string") createdByKey.set(key, { status: 200, json: setup });
      return send(200, setup);
    }
    const setupMatch = /^\/v1\/setup_intents\/([^/]+)(\/cancel)?$/.exec(url.pathname);
    if (setupMatch) {
      const setup = setupIntents.get(setupMatch[1]!);
      if (!setup) return error(404, "resource_missing", `No such setupintent: '${setupMatch[1]}'`);
      if (req.method === "GET") return send(200, setup);
      if (setup.status === "succeeded" || setup.status === "canceled") {
        return error(
          400,
          "setup_intent_unexpected_state",
          `You cannot cancel this SetupIntent because it has a status of ${setup.status}.`,
        );
      }
      setup.status = "canceled";
      return send(200, setup);
    }
    if (req.method === "POST" && url.pathname === "/v1/payment_intents" && body.get("off_session") === "true") {
      // Like Stripe: a repeated key answers with the first answer, a refusal included.
      if (typeof key === "string" && createdByKey.has(key)) {
        const first = createdByKey.get(key)!;
        return send(first.status, first.json);
      }
      const id = `pi_${randomBytes(8).toString("hex")}`;
      const refusal = OFF_SESSION_REFUSALS[body.get("payment_method") ?? ""];
      const intent: FakeIntent = {
        id,
        object: "payment_intent",
        amount: Number(body.get("amount")),
        currency: body.get("currency") ?? "usd",
        status: refusal ? "requires_payment_method" : "succeeded",
        capture_method: "automatic",
        amount_received: refusal ? 0 : Number(body.get("amount")),
        client_secret: `${id}_secret_${randomBytes(6).toString("hex")}`,
        metadata: { ...metadataOf(body), customer: body.get("customer") ?? "", payment_method: body.get("payment_method") ?? "" },
        last_payment_error: refusal ? { message: refusal.message } : null,
      };
      intents.set(id, intent);
      const answer = refusal
        ? { status: 402, json: { error: { type: "card_error", code: refusal.code, message: refusal.message, payment_intent: intent } } }
        : { status: 200, json: intent };
      if (typeof key === "string") createdByKey.set(key, answer);
      return send(answer.status, answer.json);
    }
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
    setupIntents,
    customers,
    completeSetup(id, paymentMethod) {
      const setup = setupIntents.get(id)!;
      setup.status = "succeeded";
      setup.payment_method = paymentMethod;
    },
    idempotencyKeys,
    refunds,
    captures,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

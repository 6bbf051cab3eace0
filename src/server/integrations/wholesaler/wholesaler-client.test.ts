import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WholesalerError, callWholesaler } from "./wholesaler-client.ts";

interface Seen {
  method: string;
  url: string;
  contentType: string;
  body: string;
}

let server: Server;
let base: string;
const seen: Seen[] = [];
/** What the fake supplier does next, by path suffix. */
const answers: Record<string, (res: ServerResponse) => void> = {
  "/Ok": (res) =>
    send(
      res,
      200,
      '<?xml version="1.0"?><languages xmlns="http://xml.sunhotels.net/15/"><language><isoCode>en</isoCode></language></languages>',
    ),
  "/BadLogin": (res) =>
    send(
      res,
      200,
      '<?xml version="1.0"?><Error xmlns="http://xml.sunhotels.net/15/"><ErrorType>Authentication</ErrorType><Message>Invalid username or password</Message></Error>',
    ),
  "/Html": (res) => send(res, 200, "<html><body>Down for maintenance"),
  "/Truncated": (res) => send(res, 200, '<?xml version="1.0"?><searchresult><hotels><hotel>'),
  "/Empty": (res) => send(res, 200, ""),
  "/ServerError": (res) => send(res, 503, "<h1>Service Unavailable</h1>"),
  "/Never": () => undefined,
};

function send(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { "content-type": "text/xml" });
  res.end(body);
}

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", contentType: req.headers["content-type"] ?? "", body });
      const answer = Object.entries(answers).find(([suffix]) => req.url?.endsWith(suffix))?.[1];
      if (answer) answer(res);
      else send(res, 404, "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/15`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const credentials = () => ({ apiUrl: base, username: "agent", password: "pa ss&word" });

async function failure(method: string, timeoutMs = 5_000): Promise<WholesalerError> {
  const error = await callWholesaler(credentials(), "NonStaticXMLAPI", method, {}, timeoutMs).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(WholesalerError);
  return error as WholesalerError;
}

describe("callWholesaler", () => {
  it("POSTs a form to {base}/PostGet/{service}.asmx/{method} with the credentials in the body only", async () => {
    const result = await callWholesaler(credentials(), "StaticXMLAPI", "Ok", { language: "en", hotelIds: "" });
    expect(result).toHaveProperty("languages");
    const request = seen.at(-1)!;
    expect(request).toMatchObject({
      method: "POST",
      url: "/15/PostGet/StaticXMLAPI.asmx/Ok",
      contentType: "application/x-www-form-urlencoded",
    });
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
      userName: "agent",
      password: "pa ss&word",
      language: "en",
      hotelIds: "",
    });
    expect(request.url).not.toContain("pass");
  });

  it("maps the supplier's <Error> to its type and message, not retryable", async () => {
    const error = await failure("BadLogin");
    expect([error.type, error.message, error.retryable]).toEqual(["Authentication", "Invalid username or password", false]);
  });

  it("rejects answers that are not well-formed XML", async () => {
    expect((await failure("Html")).type).toBe("MalformedResponse");
    expect((await failure("Truncated")).type).toBe("MalformedResponse");
  });

  it("reports an empty answer", async () => {
    expect((await failure("Empty")).type).toBe("EmptyResponse");
  });

  it("marks server errors, unreachable hosts and timeouts as retryable", async () => {
    const serverError = await failure("ServerError");
    expect([serverError.type, serverError.message, serverError.retryable]).toEqual(["HttpError", "The supplier answered HTTP 503", true]);
    const timeout = await failure("Never", 200);
    expect([timeout.type, timeout.message, timeout.retryable]).toEqual(["Timeout", "No answer within 0.2 s", true]);
    const unreachable = await callWholesaler({ ...credentials(), apiUrl: "http://127.0.0.1:1/15" }, "StaticXMLAPI", "Ok", {}).catch(
      (e: unknown) => e as WholesalerError,
    );
    expect([unreachable.type, unreachable.retryable]).toEqual(["Unreachable", true]);
  });
});

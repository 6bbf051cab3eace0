import { type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchFxFeed } from "../../src/server/services/fx-rates.ts";

const DOCUMENT = JSON.stringify({ base: "USD", rates: { EUR: 0.91 } });
let server: Server;
let base = "";
let documentHits = 0;
/** Resolves when the endless answer's connection is closed by the client. */
let endlessClosed: Promise<void> = Promise.resolve();

/** Writes blanks (valid JSON whitespace) until the client hangs up. */
function endless(res: ServerResponse): void {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  endlessClosed = new Promise((resolve) => res.on("close", () => resolve()));
  res.writeHead(200, { "content-type": "application/json" });
  function pump() {
    while (!res.destroyed && res.write(chunk));
    if (!res.destroyed) res.once("drain", pump);
  }
  pump();
}

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/rates.json") {
      documentHits++;
      res.writeHead(200, { "content-type": "application/json" }).end(DOCUMENT);
    } else if (req.url === "/moved") {
      res.writeHead(302, { location: `${base}/rates.json` }).end();
    } else if (req.url === "/endless") {
      endless(res);
    } else if (req.url === "/declared-huge") {
      res.writeHead(200, { "content-type": "application/json", "content-length": String(50 * 1024 * 1024) });
      res.write(" ");
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("the exchange-rate feed fetch", () => {
  it("reads the document at the configured address", async () => {
    expect(await fetchFxFeed(`${base}/rates.json`)).toEqual({ base: "USD", rates: { EUR: 0.91 } });
  });

  it("refuses a redirect instead of following it to another address", async () => {
    const hits = documentHits;
    await expect(fetchFxFeed(`${base}/moved`)).rejects.toThrow(
      "The feed answered with a redirect (HTTP 302); set FX_RATES_URL to the document's own address",
    );
    expect(documentHits).toBe(hits);
  });

  it("stops reading a body that never ends once it passes the cap, and drops the connection", async () => {
    await expect(fetchFxFeed(`${base}/endless`)).rejects.toThrow("The feed's document is larger than 100000 bytes");
    // Reading the whole body first would never get here: the server only stops when the client hangs up.
    await endlessClosed;
  });

  it("refuses a body whose declared length is over the cap without reading it", async () => {
    await expect(fetchFxFeed(`${base}/declared-huge`)).rejects.toThrow("The feed's document is larger than 100000 bytes");
  });
});

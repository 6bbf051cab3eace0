/** Says why the wholesaler client may not call `url`, or null when it may. */
export type SupplierUrlPolicy = (url: URL) => string | null;

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);
const DEFAULT_PORTS: Record<string, string> = { "http:": "80", "https:": "443" };

/**
 * Which addresses the wholesaler client may call: http(s) to the hosts in SUPPLIER_HOSTS (`host` for
 * the scheme's default port, `host:port` for another), and the app's own sandbox when it is on (on
 * a loopback address too outside production, where tests and local set-ups serve it). Anything else,
 * such as an internal service an admin's URL points at, is refused before a connection is opened.
 */
export function supplierUrlPolicy(config: {
  env: string;
  publicUrl: string;
  supplierSandbox: boolean;
  supplierHosts: readonly string[];
}): SupplierUrlPolicy {
  const own = new URL(config.publicUrl);
  return (url) => {
    if (url.protocol !== "http:" && url.protocol !== "https:") return "The API URL must start with http:// or https://";
    const host = url.hostname.toLowerCase();
    const port = url.port || DEFAULT_PORTS[url.protocol];
    const listed = config.supplierHosts.includes(`${host}:${port}`) || (!url.port && config.supplierHosts.includes(host));
    if (listed) return null;
    const sandboxPath = url.pathname.startsWith("/supplier-sandbox/");
    if (config.supplierSandbox && sandboxPath && (url.origin === own.origin || (config.env !== "production" && LOOPBACK.has(host))))
      return null;
    return `${url.host} is not an allowed supplier host: add it to SUPPLIER_HOSTS to connect to it`;
  };
}

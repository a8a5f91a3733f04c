// Where Duly may send: never to an address inside the network it runs in (loopback, private,
// link-local such as the cloud metadata service at 169.254.169.254, unique-local, multicast,
// unspecified), unless DULY_WEBHOOKS_ALLOW_PRIVATE=1 (tests and local development). A URL is
// checked when it is registered and every address it resolves to is checked again at each
// connection (the lookup below), so a name that later resolves inward (DNS rebinding) is refused
// at send time too.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";
import { DulyError, ErrorCode } from "../errors.ts";

const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
  ["192.0.0.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const) blocked.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [["::", 128], ["::1", 128], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8], ["64:ff9b::", 96]] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/** Whether `address` (an IP literal) is one Duly refuses to send to. IPv4-mapped IPv6 is judged as its IPv4. */
export function isForbiddenAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, "ipv4");
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? "ipv4" : "ipv6");
}

export interface UrlPolicy {
  allowPrivate: boolean;
}

/** The shape of a receiver URL: https (or http when private addresses are allowed), no credentials. */
export function checkWebhookUrl(text: string, policy: UrlPolicy): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new DulyError(ErrorCode.InvalidInput, `url: ${JSON.stringify(text.slice(0, 100))} is not a URL`);
  }
  const schemes = policy.allowPrivate ? ["https:", "http:"] : ["https:"];
  if (!schemes.includes(url.protocol)) throw new DulyError(ErrorCode.InvalidInput, `url: must be ${schemes.map((s) => s.slice(0, -1)).join(" or ")}`);
  if (url.username || url.password) throw new DulyError(ErrorCode.InvalidInput, "url: must not carry a user name or password");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!policy.allowPrivate && (isIP(host) ? isForbiddenAddress(host) : /(^|\.)localhost$/i.test(host))) {
    throw new DulyError(ErrorCode.InvalidInput, `url: ${host} is a private, loopback or link-local address; Duly sends only to public addresses`);
  }
  return url;
}

/** Resolves the URL's host now and refuses it if any address is forbidden (at registration). */
export async function requirePublicHost(url: URL, policy: UrlPolicy): Promise<void> {
  if (policy.allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [host] : await resolveAll(host);
  const inward = addresses.find(isForbiddenAddress);
  if (inward) throw new DulyError(ErrorCode.InvalidInput, `url: ${host} resolves to ${inward}, a private, loopback or link-local address`);
}

async function resolveAll(host: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true }, (error, addresses: LookupAddress[]) => {
      if (error) reject(new DulyError(ErrorCode.InvalidInput, `url: ${host} does not resolve (${error.code ?? error.message})`));
      else resolve(addresses.map((a) => a.address));
    });
  });
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http.request that refuses forbidden addresses at connection time. */
export function guardedLookup(policy: UrlPolicy) {
  return (hostname: string, options: object, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, []);
      const inward = policy.allowPrivate ? undefined : addresses.find((a) => isForbiddenAddress(a.address));
      if (inward) {
        const refusal: NodeJS.ErrnoException = new Error(`${hostname} resolves to ${inward.address}, a private, loopback or link-local address`);
        refusal.code = "EDULYFORBIDDEN";
        return callback(refusal, []);
      }
      if ((options as { all?: boolean }).all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

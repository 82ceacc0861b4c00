import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { isWebPushServiceEndpoint, pushMessages } from '#domain/push.ts';
import { AppError } from './errors.ts';

/** Resolves a host name to every address it has (Node's dns.lookup with all: true). */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export type PushEndpointGuardOptions = {
  /** DNS; default the system resolver. API tests pass a fake so they never depend on the network. */
  resolve?: Resolve;
  /**
   * Test harness only (ADR 051): `https://127.0.0.1:<any port>` endpoints pass, and their self-signed
   * certificate is trusted, so API tests can deliver to server/testing/push-endpoint.ts. Only code
   * passes it (createTestApp's `pushEndpoints` option); no environment variable or configuration can.
   */
  testOnlyLoopback?: boolean;
};

/** Where push deliveries may go (ADR 051); one per process, used by the route and the worker. */
export type PushEndpointGuard = {
  /** The endpoint's shape alone: https to a browser push service's name (no DNS). */
  allows(endpoint: string): boolean;
  /** Throws a 422 AppError unless the endpoint is a browser push service resolving to public addresses only. */
  check(endpoint: string): Promise<void>;
  /** The https agent deliveries use: every connection it opens re-resolves and re-checks the addresses. */
  agent: Agent;
};

/**
 * Everything that is not a public unicast address: loopback, private, link-local, CGNAT,
 * multicast, unspecified, reserved and documentation ranges, and IPv6 forms that embed an IPv4
 * address (mapped, NAT64, 6to4, Teredo), which would otherwise smuggle 127.0.0.1 through.
 */
const nonPublicV4 = new BlockList();
const nonPublicV6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  nonPublicV4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['::', 96], // IPv4-compatible (deprecated)
  ['::ffff:0:0', 96], // IPv4-mapped
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  nonPublicV6.addSubnet(network, prefix, 'ipv6');
}

/** True only for a public unicast IPv4 or IPv6 address; anything unparsable is not. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // Two lists: one BlockList would also match IPv4 addresses against the IPv6 rules' embedded ranges ('::/96').
  return family === 4 ? !nonPublicV4.check(address, 'ipv4') : !nonPublicV6.check(address, 'ipv6');
}

const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });

const RESOLVE_TIMEOUT_MS = 3_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('DNS lookup timed out')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** A refusal the worker tells apart from a network failure: the subscription can never be delivered to. */
export class PushEndpointRefused extends Error {
  override readonly name = 'PushEndpointRefused';
}

function isTestLoopback(endpoint: string): boolean {
  try {
    const url = new URL(endpoint);
    return url.protocol === 'https:' && url.hostname === '127.0.0.1' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

export function createPushEndpointGuard(options: PushEndpointGuardOptions = {}): PushEndpointGuard {
  const resolve = options.resolve ?? systemResolve;
  const testOnlyLoopback = options.testOnlyLoopback === true;

  /** Resolves and refuses a name with any non-public address (an attacker's DNS may mix one in). */
  async function publicAddresses(hostname: string): Promise<LookupAddress[]> {
    const addresses = await withTimeout(resolve(hostname), RESOLVE_TIMEOUT_MS);
    if (addresses.length === 0) throw new Error(`${hostname} has no address`);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused) throw new PushEndpointRefused(`${hostname} resolves to a non-public address (${refused.address})`);
    return addresses;
  }

  // net/tls call this for every connection to a host name (never for an IP literal, which the
  // allow-list already refuses): the address connected to is the one checked, so a DNS change
  // between subscription and delivery, or between the check and the connection, cannot slip in.
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    publicAddresses(hostname).then(
      (addresses) => {
        const wanted = lookupOptions.family === 4 || lookupOptions.family === 6 ? addresses.filter((entry) => entry.family === lookupOptions.family) : addresses;
        const [first] = wanted;
        if (!first) {
          callback(new Error(`${hostname} has no IPv${String(lookupOptions.family)} address`), '', 0);
        } else if (lookupOptions.all) {
          callback(null, wanted);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), '', 0),
    );
  };

  const allows = (endpoint: string) => (testOnlyLoopback && isTestLoopback(endpoint)) || isWebPushServiceEndpoint(endpoint);
  return {
    allows,
    async check(endpoint) {
      if (testOnlyLoopback && isTestLoopback(endpoint)) return;
      if (!allows(endpoint)) throw new AppError('VALIDATION_FAILED', pushMessages.endpointRefused);
      const hostname = new URL(endpoint).hostname;
      try {
        await publicAddresses(hostname);
      } catch (error) {
        if (error instanceof PushEndpointRefused) throw new AppError('VALIDATION_FAILED', pushMessages.endpointRefused);
        throw new AppError('VALIDATION_FAILED', pushMessages.endpointUnresolved);
      }
    },
    agent: new Agent({ lookup, ...(testOnlyLoopback ? { rejectUnauthorized: false } : {}) }),
  };
}

import { findInvalidTrustedProxies, getIPFromHeader } from '@better-auth/core/utils/ip';

/** Entries of TRUSTED_PROXIES that are neither an IP address nor a CIDR range. */
export function invalidProxyEntries(entries: string[]): string[] {
  return findInvalidTrustedProxies(entries);
}

/**
 * The address rate limits are keyed on. Without trusted proxies it is the TCP
 * peer. Behind trusted proxies (a load balancer), X-Forwarded-For is read from
 * the right, skipping trusted hops: the first untrusted address is the client.
 * A peer that is not trusted is the client itself, whatever header it sends.
 */
export function resolveClientIp(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trustedProxies: string[],
): string | undefined {
  if (!peer || trustedProxies.length === 0 || !forwardedFor) return peer;
  return getIPFromHeader(`${forwardedFor}, ${peer}`, { trustedProxies }) ?? peer;
}

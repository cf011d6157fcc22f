import { BlockList, isIP } from 'node:net';
import { createRequire } from 'node:module';

/** The part of geoip-country's API used here (the package ships no types). */
interface GeoIpCountry {
  lookup(ip: string): { country: string } | null;
}

/** Loopback, private, link-local and shared (carrier-grade NAT) ranges: nothing a world map can place. */
const LOCAL_RANGES = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  LOCAL_RANGES.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  LOCAL_RANGES.addSubnet(network, prefix, 'ipv6');
}

let geoip: GeoIpCountry | undefined;

/**
 * The two-letter country of an IP address from the offline GeoLite2 country
 * database: `local` for loopback and private addresses, `unknown` when the
 * address is not an address or is not in the database. The database (a few
 * MB) is loaded on first use, not at start-up.
 */
export function countryOfAddress(address: string): string {
  const ip = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const family = isIP(ip);
  if (family === 0) return 'unknown';
  if (LOCAL_RANGES.check(ip, family === 4 ? 'ipv4' : 'ipv6')) return 'local';
  try {
    geoip ??= createRequire(import.meta.url)('geoip-country') as GeoIpCountry;
    return geoip.lookup(ip)?.country ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

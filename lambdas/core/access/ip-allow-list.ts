import { BlockList, isIP } from 'node:net';

/**
 * SPEC §6 IP allow lists: an empty list allows every address; otherwise the caller's address must
 * fall in one of the entries (an address or a CIDR range, IPv4 or IPv6). An IPv4-mapped IPv6
 * address (`::ffff:203.0.113.5`) is matched as the IPv4 address it carries.
 */
export function ipAllowed(sourceIp: string, allowList: readonly string[]): boolean {
  if (allowList.length === 0) return true;
  const ip = sourceIp.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const family = isIP(ip);
  if (family === 0) return false;
  const list = new BlockList();
  for (const entry of allowList) {
    const [address, prefix] = entry.split('/');
    const entryFamily = isIP(address);
    if (entryFamily === 0) continue;
    const type = entryFamily === 4 ? 'ipv4' : 'ipv6';
    list.addSubnet(address, prefix === undefined ? (entryFamily === 4 ? 32 : 128) : Number(prefix), type);
  }
  return list.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

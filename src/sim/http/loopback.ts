/** True when a peer address belongs to this machine (IPv4 127/8, IPv6 ::1, or IPv4 mapped into IPv6). */
export function isLoopbackPeer(address: string | undefined): boolean {
  if (address === undefined) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

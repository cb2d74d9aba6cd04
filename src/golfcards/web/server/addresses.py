"""Which clients share a per-address cap: the one key every limit of the server counts an address under.

An IPv4 address counts as itself. An IPv6 address counts by its /64 network: one device or one
household is handed a whole /64 and may take a new address in it at will, so counting addresses
would let it pass every cap by changing address. An IPv4 address seen through an IPv6 socket
(``::ffff:192.0.2.7``) counts as that IPv4 address. Every cap kept per address (connections, rooms
created, failed room look-ups, the bots' queue) counts under :func:`limit_key`, so that none of
them can be dodged where another holds.
"""

from __future__ import annotations

import functools
import ipaddress

IPV6_PREFIX = 64
"""The IPv6 network one device may own whole, counted as one address."""


@functools.lru_cache(maxsize=4096)
def limit_key(address: str) -> str:
    """The key ``address`` (a client's address as the socket reports it) counts under for every
    per-address cap: an IPv4 address as is, an IPv6 address by its /64 network (``2001:db8::/64``);
    text that is no IP address (a Unix socket's peer, "") as is."""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.IPv6Network((parsed, IPV6_PREFIX), strict=False))
    return str(parsed)

# Sourced by the scripts that test across a network (test-discovery.sh, test-multicast.sh,
# test-ola.sh, test-wall.sh): network namespaces joined by veth links, and their removal.
#
#   netns_pair TAG A ADDRESS_A B ADDRESS_B [LINK_A LINK_B]
#
# makes the namespaces TAG-A and TAG-B unless they exist (loopback up), and a veth link between
# them: TAG+LINK_A (default "a") in the first, TAG+LINK_B (default "b") in the second, each with
# its ADDRESS (CIDR), that network's broadcast address, and up.
#
#   netns_require TAG           exits 77 ("skipped: …") unless this is root with `ip` and may
#                               add a namespace (tried as TAG-probe, then removed)
#   netns_kill TAG NAME...      ends every process still in each namespace TAG-NAME
#   netns_remove TAG NAME...    that, then removes each namespace (and the links in it)
#
# A background `ip netns exec … &` gives its caller only the pid of a shell or of `timeout`, so
# the processes are found by namespace instead.
netns_pair() {
    local tag=$1 a=$2 address_a=$3 b=$4 address_b=$5 link_a=$tag${6:-a} link_b=$tag${7:-b}
    local ns link address
    for ns in "$a" "$b"; do
        [ -e "/run/netns/$tag-$ns" ] && continue
        ip netns add "$tag-$ns"
        ip netns exec "$tag-$ns" ip link set lo up
    done
    ip link add "$link_a" type veth peer name "$link_b"
    ip link set "$link_a" netns "$tag-$a"
    ip link set "$link_b" netns "$tag-$b"
    for side in "$a $link_a $address_a" "$b $link_b $address_b"; do
        read -r ns link address <<< "$side"
        ip netns exec "$tag-$ns" ip addr add "$address" brd + dev "$link"
        ip netns exec "$tag-$ns" ip link set "$link" up
    done
}

netns_require() {
    [ "$(id -u)" = 0 ] || { echo "skipped: needs root for ip netns"; exit 77; }
    command -v ip > /dev/null || { echo "skipped: no ip command (iproute2)"; exit 77; }
    ip netns add "$1-probe" 2> /dev/null || { echo "skipped: ip netns add is not allowed here"; exit 77; }
    ip netns del "$1-probe"
}

netns_kill() {
    local tag=$1 ns
    shift
    for ns in "$@"; do ip netns pids "$tag-$ns" 2> /dev/null | xargs -r kill 2> /dev/null || true; done
}

netns_remove() {
    local tag=$1 ns
    netns_kill "$@"
    shift
    for ns in "$@"; do ip netns del "$tag-$ns" 2> /dev/null || true; done
}

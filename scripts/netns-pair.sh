# Sourced by the scripts that test across a network (test-discovery.sh, test-multicast.sh):
# two network namespaces joined by one veth pair.
#
#   netns_pair TAG A ADDRESS_A B ADDRESS_B
#
# makes the namespaces TAG-A and TAG-B, the link TAGa in the first and TAGb in the second, each
# with its ADDRESS (CIDR) and up, and loopback up in both. The caller removes the namespaces
# (`ip netns del TAG-A`), which removes the link with them.
netns_pair() {
    local tag=$1 a=$2 address_a=$3 b=$4 address_b=$5
    ip netns add "$tag-$a"
    ip netns add "$tag-$b"
    ip link add "${tag}a" type veth peer name "${tag}b"
    ip link set "${tag}a" netns "$tag-$a"
    ip link set "${tag}b" netns "$tag-$b"
    local ns link address
    for side in "$a ${tag}a $address_a" "$b ${tag}b $address_b"; do
        read -r ns link address <<< "$side"
        ip netns exec "$tag-$ns" ip link set lo up
        ip netns exec "$tag-$ns" ip addr add "$address" brd + dev "$link"
        ip netns exec "$tag-$ns" ip link set "$link" up
    done
}

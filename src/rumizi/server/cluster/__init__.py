"""Several workers sharing one site: who owns a room (``ownership``: the interface and the
local implementation; ``leases``: Redis), requests and sockets passed to a room's owner
(``relay``, ``outbox``), and a worker's part in the cluster (``worker``)."""

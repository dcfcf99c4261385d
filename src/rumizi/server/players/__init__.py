"""Players who come back: a lasting identity (a guest made on the first visit, kept in a
server-side session behind an opaque cookie), its name and avatar, and the seats it
holds. Nothing here is on a move's path: the player layer is read when a room is made or
joined and when a page asks who it is (``docs/players.md``)."""

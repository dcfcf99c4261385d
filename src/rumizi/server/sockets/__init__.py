"""The socket layer: the ASGI gateway in front of the app, one session per socket, the
limits on sockets, and a socket's way out (``link``)."""

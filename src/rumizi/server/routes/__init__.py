"""The HTTP API, one router per part: rooms (``rooms``), matches' replays and analyses
(``matches``), the games offered (``games``), the server itself (``admin``), and the web
client's pages (``pages``). ``errors`` turns every failure into the protocol's error
object. ``app.create_app`` includes them all."""

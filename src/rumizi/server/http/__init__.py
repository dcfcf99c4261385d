"""The HTTP API, one router per part: rooms (``rooms``), matches' replays and analyses
(``matches``), the games offered (``games``), the server itself (``admin``), lessons
(``lessons``) and the web client's pages (``pages``). ``errors`` turns every failure into
the protocol's error object; ``gate`` (rate limits per address, security headers) and
``reading`` (a request's head and body within their limits) stand in front of them.
``app.create_app`` includes them all."""

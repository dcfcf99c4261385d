"""A room and what it is made of: its state, its parts (seats and presence, the match
runner, clocks, telling), the command table every client message goes through, and
``Rooms``, the rooms this process holds."""

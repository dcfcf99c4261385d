"""The third face of Rumizi: programs that learn.

- ``rumizi.rl.spec``: the RL protocol a game offers (integer actions, observation
  vectors) and a table playing a game in those terms;
- ``rumizi.rl.opponents``: any of a game's bot levels in a seat, through the bot seat
  every host uses;
- ``rumizi.rl.clock``: a game played against its clock (Tuki), in ticks;
- ``rumizi.rl.pettingzoo`` (and ``pettingzoo_clock``): PettingZoo AEC and parallel
  environments;
- ``rumizi.rl.openspiel``: the turn-based games registered with ``pyspiel``;
- ``rumizi.rl.gymnasium``: one seat learns, our bots play the others.

The faces need the optional extra ``rl`` (``pip install 'rumizi[rl]'``). See docs/rl.md.
"""

"""Content tools: programs that make and check the games' content offline (Tuki's card
generator, solver and pictures; Ayozhit's similarity table, its evaluation, a rough round
simulation and the contact sheet).

Nothing here is needed to play: the rules import none of it, and the CLI imports a tool
only when its subcommand runs. Tools may use SciPy or the optional embedding model.
"""

"""Ayozhit content tools: the similarity table builder, its evaluation, a rough round
simulation and the contact sheet (``rumizi ayozhit …``, ``bench/ayozhit_eval.py``)."""

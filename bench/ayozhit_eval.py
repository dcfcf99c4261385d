"""Ayozhit content figures: recall@10 of the similarity table on the team's labelled set,
Persian/English agreement, and the rough round simulation.

    .venv/bin/python bench/ayozhit_eval.py [--rounds 1000] [--seed 0]

Prints figures only: recall@10 on the tuning set and on the held-out sets (A, B, C, D), also
counting only the labelled pictures that do not name the word; keyword hits; hub shares;
fa/en top-10 overlap; then the rough simulation. The tests check the structural bars
(keyword hits, hubs, overlap) and the simulation's.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from rumizi.content.ayozhit.evaluate import evaluate
from rumizi.content.ayozhit.simulate import DEFAULT_PROFILES, simulate
from rumizi.games.ayozhit.content import load_pictures, load_words
from rumizi.games.ayozhit.similarity import load_table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--weakest", type=int, default=8)
    args = parser.parse_args()

    pictures, cards, table = load_pictures(), load_words(), load_table()
    kinds = Counter(p.kind for p in pictures)
    print(
        f"decks: {kinds['icon']} single-icon cards, {kinds['dream']} dream cards, "
        f"{len(cards)} word cards ({2 * len(cards)} words)"
    )
    print(
        f"table: {len(table.word_keys)} words x {len(table.picture_ids)} pictures, "
        f"fresh={table.is_fresh()}"
    )

    report = evaluate(table, k=10)
    print(
        f"\nrecall@10 (averaged table, 40 labelled words): {report.recall:.3f}"
        f"   (Persian table {report.recall_fa:.3f}, English table {report.recall_en:.3f})"
    )
    print(
        "  weakest: "
        + ", ".join(f"{w} {v:.2f}" for w, v in report.weakest(report.recall_by_word, args.weakest))
    )
    for name, held in report.heldout.items():
        rec, unn = held.recall, held.unnamed
        print(
            f"recall@10 on held-out set {name} ({held.words} words): {rec['avg']:.3f}"
            f"   (Persian table {rec['fa']:.3f}, English table {rec['en']:.3f})"
        )
        print(
            f"  pictures not named by the word (title, keywords, associations): "
            f"{unn['avg']:.3f}   (Persian {unn['fa']:.3f}, English {unn['en']:.3f})"
        )
        print(
            "  weakest: "
            + ", ".join(f"{w} {v:.2f}" for w, v in report.weakest(held.by_word, args.weakest))
        )
    hits = report.keyword_hits
    print(
        f"keyword pairs with the picture in the word's top 10: {hits['avg']:.1%}"
        f"   (Persian table {hits['fa']:.1%}, English table {hits['en']:.1%})"
    )
    hubs = sorted(report.hub_shares.items(), key=lambda kv: -kv[1])[:3]
    print(
        "most hub-like pictures (share of words with it in their top 5): "
        + ", ".join(f"{p} {v:.1%}" for p, v in hubs)
    )
    print(f"top-10 overlap fa/en, labelled words: {report.overlap_eval:.3f}")
    print(
        "  weakest: "
        + ", ".join(f"{w} {v:.1f}" for w, v in report.weakest(report.overlap_by_word, args.weakest))
    )
    print(
        f"top-10 overlap fa/en, all {len(report.overlap_all_by_word)} words: "
        f"{report.overlap_all:.3f}"
    )
    print(
        "  weakest: "
        + ", ".join(
            f"{w} {v:.1f}" for w, v in report.weakest(report.overlap_all_by_word, args.weakest)
        )
    )

    for players in (4, 3, 5, 6):
        start = time.perf_counter()
        stats = simulate(
            table, pictures, cards, rounds=args.rounds, players=players, seed=args.seed
        )
        secs = time.perf_counter() - start
        print(
            f"\nsimulation: {stats.rounds} rounds, {players} bots "
            f"({', '.join(f'noise {b.noise} marks {b.marks}' for b in DEFAULT_PROFILES[:players])})"
        )
        print(
            f"  announcements {stats.announcements}: three-sparks {stats.three_spark_share:.1%}, "
            f"two-sparks {stats.two_sparks / stats.announcements:.1%}, fails {stats.fail_share:.1%}"
        )
        print(
            f"  rounds where every player failed: {stats.all_failed_share:.1%}"
            f" ({stats.all_failed_rounds}); mean points per player per round "
            f"{stats.mean_round_score:.2f}; {stats.rounds / secs:.0f} rounds/s"
        )


if __name__ == "__main__":
    main()

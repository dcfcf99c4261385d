"""``Kept``: results made once per key, shared while being made, kept within a budget."""

from __future__ import annotations

import asyncio

from rumizi.server.review.kept import Kept


def test_askers_of_a_key_being_made_share_one_making() -> None:
    async def run() -> None:
        kept: Kept[str, str] = Kept(budget=10)
        started = 0
        gate = asyncio.Event()

        async def make() -> str:
            nonlocal started
            started += 1
            await gate.wait()
            return "value"

        askers = [asyncio.create_task(kept.get("k", make)) for _ in range(3)]
        await asyncio.sleep(0)
        assert kept.has("k") and kept.making == 1
        gate.set()
        assert await asyncio.gather(*askers) == ["value"] * 3
        assert started == 1 and kept.made == 1 and kept.making == 0
        assert await kept.get("k", make) == "value" and started == 1  # kept: not made again

    asyncio.run(run())


def test_a_failure_reaches_every_asker_and_is_not_kept() -> None:
    async def run() -> None:
        kept: Kept[str, str] = Kept(budget=10)
        gate = asyncio.Event()

        async def broken() -> str:
            await gate.wait()
            raise ValueError("no")

        askers = [asyncio.create_task(kept.get("k", broken)) for _ in range(2)]
        await asyncio.sleep(0)
        gate.set()
        results = await asyncio.gather(*askers, return_exceptions=True)
        assert all(isinstance(r, ValueError) for r in results)
        assert not kept.has("k") and kept.made == 0

        async def fixed() -> str:
            return "now"

        assert await kept.get("k", fixed) == "now"

    asyncio.run(run())


def test_least_recently_used_go_first_past_the_budget_and_a_too_large_one_is_not_kept() -> None:
    async def run() -> None:
        kept: Kept[str, str] = Kept(budget=5, size=len)

        async def value(text: str) -> str:
            return text

        for key in ("a", "b", "c"):
            await kept.get(key, lambda key=key: value(key * 2))  # 2 each: 6 > 5
        assert not kept.has("a") and kept.has("b") and kept.has("c")
        await kept.get("b", lambda: value("never made"))  # b used: c is now the oldest
        await kept.get("d", lambda: value("dd"))
        assert kept.has("b") and not kept.has("c") and kept.has("d")
        assert await kept.get("e", lambda: value("too large")) == "too large"
        assert not kept.has("e")

    asyncio.run(run())

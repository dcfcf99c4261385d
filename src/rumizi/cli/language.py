"""The interface's language: ``--lang``, else your config file
(``$XDG_CONFIG_HOME/rumizi/config.toml``, ``lang = "fa"``), else the locale
(``LC_ALL``, ``LC_MESSAGES``, ``LANG``: ``fa_IR.UTF-8`` is Persian), else English."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import typer

from .i18n import LANGS


def config_file(env: Mapping[str, str] | None = None) -> Path:
    """Your config file: ``$XDG_CONFIG_HOME/rumizi/config.toml`` (``~/.config/…``)."""
    env = os.environ if env is None else env
    base = env.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "rumizi" / "config.toml"


def config(env: Mapping[str, str] | None = None) -> dict[str, Any]:
    """What the config file says ({} where there is none); one clear line if it is bad."""
    path = config_file(env)
    if not path.is_file():
        return {}
    import tomllib

    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise typer.BadParameter(f"cannot read {path}: {e}", param_hint="config") from None


def from_locale(env: Mapping[str, str] | None = None) -> str | None:
    """``fa`` or ``en`` from the locale's language, or None where it names neither."""
    env = os.environ if env is None else env
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            code = value.split(".", 1)[0].split("_", 1)[0].lower()
            return code if code in LANGS else None
    return None


def language(lang: str | None, env: Mapping[str, str] | None = None) -> str:
    """``fa`` or ``en``: as given (in any case, ``FA`` too), else from the config file,
    else from the locale, else English; a clear error for anything else."""
    if lang is None:
        said = config(env).get("lang")
        if said is not None:
            if not isinstance(said, str) or said.lower() not in LANGS:
                where = config_file(env)
                raise typer.BadParameter(f"lang in {where}: choose fa or en", param_hint="config")
            return said.lower()
        return from_locale(env) or "en"
    if lang.lower() not in LANGS:
        raise typer.BadParameter("choose fa or en", param_hint="--lang")
    return lang.lower()

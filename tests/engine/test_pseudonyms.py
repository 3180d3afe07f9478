"""Keyed pseudonyms: tag shape, same reference -> same tag, key files, collision lengthening."""

from __future__ import annotations

import hashlib
import hmac
import re
import stat
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from masketeer_gui.engine.pseudonyms import (
    KEY_BYTES,
    KeyFileError,
    PseudonymIssuer,
    _digest,
    load_or_create_key,
    new_key,
    reference_key,
    tag_for,
)
from masketeer_gui.engine.span import Entity

KEY = bytes(range(32))
TAG = re.compile(r"^\[(HCP|PAT|PER|SIT|WEB|MAI|ADD|PHO|ZIP)-[0-9A-Z]{8}\]$")


@pytest.mark.parametrize("entity", list(Entity))
def test_tag_shape(entity: Entity) -> None:
    tag = tag_for(KEY, entity, "huber")
    assert TAG.match(tag)
    assert tag.startswith(f"[{entity}-")


@pytest.mark.parametrize("variant", ["Müller", "Mueller", "MÜLLER", "MUELLER", "mueller", " Müller ", "Mu\u0308ller"])
def test_spelling_variants_share_a_tag(variant: str) -> None:
    assert tag_for(KEY, Entity.PER, variant) == tag_for(KEY, Entity.PER, "müller")


@pytest.mark.parametrize(("left", "right"), [("BKH  Schwaz", "bkh schwaz"), ("Maria\nHuber", "maria huber")])
def test_white_space_inside_a_reference_does_not_matter(left: str, right: str) -> None:
    assert tag_for(KEY, Entity.SIT, left) == tag_for(KEY, Entity.SIT, right)


def test_type_and_key_and_reference_change_the_tag() -> None:
    base = tag_for(KEY, Entity.PER, "huber")
    assert tag_for(KEY, Entity.PAT, "huber")[5:] != base[5:]
    assert tag_for(bytes(32), Entity.PER, "huber") != base
    assert tag_for(KEY, Entity.PER, "hofer") != base


def test_tag_is_pinned() -> None:
    """The key alone fixes the tag (docs/CONTRACT.md: stable in every run with --key-file): these must not change."""
    assert tag_for(KEY, Entity.PER, "Huber") == "[PER-DVY4TRXR]"
    assert tag_for(KEY, Entity.SIT, "BKH Schwaz") == "[SIT-KAJJ1TIH]"
    assert reference_key(Entity.PER, "Hübér") == "PER\x1fhuebér"


def test_length_is_configurable() -> None:
    assert len(tag_for(KEY, Entity.PER, "huber", length=12)) == len("[PER-]") + 12
    assert tag_for(KEY, Entity.PER, "huber", length=12).startswith(tag_for(KEY, Entity.PER, "huber")[:-1])


def test_new_key_is_random() -> None:
    assert len(new_key()) == KEY_BYTES
    assert new_key() != new_key()


# --- key files --------------------------------------------------------------------------------


def test_key_file_is_created_owner_only(tmp_path: Path) -> None:
    path = tmp_path / "run.key"
    key = load_or_create_key(path)
    assert len(key) == KEY_BYTES
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert path.read_text(encoding="ascii").strip() == key.hex()


def test_key_file_is_reused(tmp_path: Path) -> None:
    path = tmp_path / "run.key"
    first = load_or_create_key(path)
    assert load_or_create_key(path) == first
    assert tag_for(load_or_create_key(path), Entity.PAT, "huber") == tag_for(first, Entity.PAT, "huber")


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        ("not hex at all\n", "not a pseudonym key file"),
        ("abcd\n", "key too short"),
        ("", "key too short"),
    ],
)
def test_bad_key_file(tmp_path: Path, content: str, fragment: str) -> None:
    path = tmp_path / "run.key"
    path.write_text(content, encoding="ascii")
    with pytest.raises(KeyFileError, match=fragment):
        load_or_create_key(path)


def test_binary_key_file_is_rejected(tmp_path: Path) -> None:
    path = tmp_path / "run.key"
    path.write_bytes(b"\xff\xfe" * 40)
    with pytest.raises(KeyFileError):
        load_or_create_key(path)


# --- issuer -----------------------------------------------------------------------------------


def test_issuer_matches_tag_for_without_collisions() -> None:
    issuer = PseudonymIssuer(KEY)
    assert issuer.tag(Entity.PER, "Müller") == tag_for(KEY, Entity.PER, "mueller")
    assert issuer.tag(Entity.PER, "MUELLER") == tag_for(KEY, Entity.PER, "mueller")


def test_issuer_lengthens_on_collision() -> None:
    """With one-character tags (36 values) collisions are certain; distinct references never share one."""
    issuer = PseudonymIssuer(KEY, length=1)
    references = [f"name{i}" for i in range(200)]
    tags = {ref: issuer.tag(Entity.PER, ref) for ref in references}
    assert len(set(tags.values())) == len(references)
    assert any(len(tag) > len("[PER-X]") for tag in tags.values())
    assert all(len(tag) in (7, 9, 11, 13, 15) for tag in tags.values())
    for ref in references:  # asking again, in any spelling, gives the same tag
        assert issuer.tag(Entity.PER, ref.upper()) == tags[ref]


def test_first_reference_keeps_the_short_tag() -> None:
    issuer = PseudonymIssuer(KEY, length=1)
    first = issuer.tag(Entity.PER, "name0")
    assert first == tag_for(KEY, Entity.PER, "name0", length=1)
    for i in range(1, 100):
        issuer.tag(Entity.PER, f"name{i}")
    assert issuer.tag(Entity.PER, "name0") == first


def test_types_do_not_collide_with_each_other() -> None:
    issuer = PseudonymIssuer(KEY, length=1)
    assert issuer.tag(Entity.PER, "huber") == tag_for(KEY, Entity.PER, "huber", length=1)
    assert issuer.tag(Entity.PAT, "huber") == tag_for(KEY, Entity.PAT, "huber", length=1)


@given(st.binary(max_size=100), st.text(max_size=40), st.binary(min_size=1, max_size=70))
def test_the_digest_is_hmac_sha256(key: bytes, reference: str, other_key: bytes) -> None:
    """The digest made from the key's cached pad states is the standard library's HMAC, for keys shorter and
    longer than a block, and a second key in between does not disturb the first's."""
    expected = hmac.new(key, reference.encode("utf-8"), hashlib.sha256).digest()
    assert _digest(key, reference) == expected
    assert _digest(other_key, reference) == hmac.new(other_key, reference.encode("utf-8"), hashlib.sha256).digest()
    assert _digest(key, reference) == expected


@pytest.mark.parametrize("size", [0, 1, 32, 63, 64, 65, 200])
def test_the_digest_is_hmac_sha256_for_every_key_size(size: int) -> None:
    key = bytes(i % 251 for i in range(size))  # a key longer than SHA-256's 64-byte block is hashed first
    assert _digest(key, "maria huber") == hmac.new(key, b"maria huber", hashlib.sha256).digest()

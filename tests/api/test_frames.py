"""``deidentify_frame``: a pandas column in, the same frame with de-identified text out."""

from __future__ import annotations

import pytest

from masketeer_gui import Engine, deidentify_frame
from masketeer_gui._optional import MissingDependency

pd = pytest.importorskip("pandas", reason="pandas is optional (pip install 'masketeer-gui[pandas]')")

KEY = bytes(range(32))


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine(key=KEY)


def test_text_column_is_replaced_and_spans_added(engine: Engine) -> None:
    df = pd.DataFrame(
        {"nid": ["a", "b"], "text": ["Dr. Oberlechner kommt.", "Nichts."], "other": [1, 2]}, index=[10, 20]
    )
    out = deidentify_frame(df, text_col="text", id_col="nid", engine=engine)
    assert list(out.index) == [10, 20] and list(out["other"]) == [1, 2]
    assert out.loc[10, "text"] == engine.pseudonymize("Dr. Oberlechner kommt.").text
    assert out.loc[10, "spans"][0]["entity"] == "HCP" and out.loc[20, "spans"] == []
    assert df.loc[10, "text"] == "Dr. Oberlechner kommt."  # the input frame is left alone


def test_patient_column_scopes_surrogates() -> None:
    engine = Engine(key=KEY, mode="surrogates")
    text = "Frau Kunigunde Pfandlbauer kam."
    df = pd.DataFrame({"text": [text, text], "pid": ["A", None]})
    out = deidentify_frame(df, patient_col="pid", engine=engine, spans_col=None)
    assert out.loc[0, "text"] == engine.pseudonymize(text, patient_id="A").text
    assert out.loc[1, "text"] == engine.pseudonymize(text).text
    assert "spans" not in out.columns


def test_bad_frames_are_refused_by_position_not_content(engine: Engine) -> None:
    with pytest.raises(KeyError, match="'body'"):
        deidentify_frame(pd.DataFrame({"text": ["x"]}), text_col="body", engine=engine)
    with pytest.raises(ValueError, match="row 1") as caught:
        deidentify_frame(pd.DataFrame({"text": ["Geheimname", None]}), engine=engine)
    assert "Geheimname" not in str(caught.value)
    with pytest.raises(TypeError):
        deidentify_frame([{"text": "x"}], engine=engine)


def test_missing_pandas_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(MissingDependency, match=r"masketeer-gui\[pandas\]"):
        deidentify_frame(object())

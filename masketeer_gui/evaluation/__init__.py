"""The evaluation workspace without Qt (issue 5; paper 2.3.1, Tables 5-8): pure functions on judged decisions.

- ``decisions``: one evaluator's TP/FP/FN/TN judgement (``Decision``), and decisions simulated from gold.
- ``metrics_by``: Table 8 with confidence intervals overall, per entity type and per masker;
  entity-level strict/lenient P/R/F1 against gold (``span_f1``).
- ``agreement``: Cohen's kappa, Krippendorff's alpha, pairwise span F1; ``adjudication``: disagreements.
- ``compare``: a frozen, marked sample re-scored against a newer run.
- ``formats``: gold as JSONL, BRAT standoff, CoNLL IOB.
- ``summary`` and ``report``: the report's numbers (CSV, JSON) and its self-contained HTML page.
- ``project_io``: the adapter to the project store; ``workspace``: the steps on a project sample that the
  CLI (``masketeer evaluate``) and the GUI share. Only these two reach the store.

Nothing here logs or raises with note text; only ``report`` shows text, and only when asked to.
"""

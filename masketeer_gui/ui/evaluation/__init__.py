"""The evaluator mode (issue 5): judge a frozen sample span by span, see Table 8 live, compare runs, export.

- ``state``: one evaluator's marks on one sample, in memory (Qt-free); ``saved``: what the GUI keeps
  in project settings (notes closed as done, adjudication rulings);
- ``mark_commands``: every judgement as an undoable command, saved in the store at once;
- ``decision_model`` (the sample's notes), ``judge_pane`` (the note), ``judge`` and ``keys`` (the keys);
- ``sample_dialog``, ``metrics_panel`` + ``adjudication_panel``, ``compare_panel``, ``report_export``,
  on ``rows_model`` (one thin table model for all their tables);
- ``evaluator_view`` (the window's "Evaluation" tab) with ``top_bar``; ``runner`` starts its worker
  jobs (``jobs``: plain functions of the store) and routes their results.

The maths is ``masketeer_gui.evaluation`` (no Qt); this package only shows it and records marks.
"""

"""The evaluator mode (issue 5): judge a frozen sample span by span, see Table 8 live, compare runs, export.

- ``state``: one evaluator's marks on one sample, in memory (Qt-free), and ``saved``: what the
  GUI keeps in project settings (notes marked done, adjudication rulings);
- ``mark_commands``: every judgement as an undoable command, saved in the store at once;
- ``decision_model``, ``judge_pane``, ``judge``, ``keys``: the note list, the note, the keys;
- ``sample_dialog``, ``metrics_panel``, ``adjudication_panel``, ``compare_panel``, ``report_export``;
- ``evaluator_view``: the workspace widget, the window's "Evaluation" tab; ``jobs``: its worker calls.

The maths is ``masketeer_gui.evaluation`` (no Qt); this package only shows it and records marks.
"""

"""The report's inline style sheet: system fonts, readable tables, print-friendly, no external resources."""

CSS = """
:root { --ink: #1f2328; --muted: #59636e; --line: #d1d9e0; --zebra: #f6f8fa; --accent: #4477aa; }
* { box-sizing: border-box; }
body { margin: 0; color: var(--ink); background: #fff;
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; }
main { max-width: 1120px; margin: 0 auto; padding: 24px 28px 40px; }
h1 { font-size: 24px; margin: 0 0 4px; }
h2 { font-size: 19px; margin: 32px 0 10px; padding-bottom: 4px; border-bottom: 2px solid var(--accent); }
h3 { font-size: 15px; margin: 20px 0 8px; }
.sub { color: var(--muted); margin: 0 0 10px; }
.banner { background: #eef4fb; border-left: 4px solid var(--accent); padding: 6px 10px; margin: 8px 0; }
.banner.warn { background: #fdf0e6; border-left-color: #cc6600; font-weight: 600; }
nav { margin: 12px 0 4px; display: flex; flex-wrap: wrap; gap: 6px 14px; font-size: 13px; }
nav a { color: var(--accent); text-decoration: none; }
table { border-collapse: collapse; margin: 6px 0 14px; font-variant-numeric: tabular-nums; }
caption { text-align: left; font-weight: 600; padding: 0 0 4px; color: var(--muted); font-size: 13px; }
th, td { padding: 4px 10px; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
th { background: var(--zebra); font-weight: 600; font-size: 13px; }
tbody tr:nth-child(even) td { background: #fbfcfd; }
td.num, th.num { text-align: right; white-space: nowrap; }
.ci { color: var(--muted); font-size: 12px; }
.na { color: #8c959f; }
.note { color: var(--muted); font-size: 12.5px; max-width: 900px; }
.two { display: flex; flex-wrap: wrap; gap: 12px 36px; align-items: flex-start; }
.settings td { font-size: 12.5px; word-break: break-all; max-width: 420px; }
code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12px; }
mark { background: #ffe08a; padding: 0 1px; }
.lab { display: inline-block; min-width: 34px; text-align: center; border-radius: 3px; padding: 0 4px;
  font-size: 12px; font-weight: 600; color: #fff; background: #8c959f; }
.lab-TP { background: #228833; } .lab-FP { background: #cc3311; } .lab-FN { background: #ee7733; }
.lab-TN { background: #4477aa; } .lab-none { background: #bbbbbb; color: #222; }
.cards { display: flex; gap: 12px; margin: 8px 0 14px; }
.card { border: 1px solid var(--line); border-radius: 6px; padding: 8px 14px; min-width: 110px; }
.card b { display: block; font-size: 22px; } .card span { color: var(--muted); font-size: 12px; }
.card.fixed b, .out.fixed { color: #228833; } .card.regressed b, .out.regressed { color: #cc3311; }
.card.changed b, .out.changed { color: #aa7700; }
.out { font-weight: 600; }
svg.chart { display: block; margin: 6px 0 16px; font-size: 12px; }
svg .chart-title { font-weight: 600; fill: var(--muted); }
svg .label { text-anchor: end; fill: var(--ink); }
svg .value, svg .legend { fill: var(--ink); }
svg .na { fill: #8c959f; }
svg .tick { text-anchor: middle; fill: var(--muted); font-size: 11px; }
svg .grid { stroke: #e6eaef; stroke-width: 1; }
svg .ci { stroke: #1f2328; stroke-width: 1.3; }
footer { margin-top: 36px; color: var(--muted); font-size: 12px; border-top: 1px solid var(--line); padding-top: 8px; }
@media print { main { max-width: none; padding: 0; } nav { display: none; } h2 { break-after: avoid; } }
"""

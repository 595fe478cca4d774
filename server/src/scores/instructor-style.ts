// The instructor page's stylesheet, served by the tool as its own file (the CSP allows no inline style).
export const instructorCss = `
:root { color-scheme: light dark; --ink: #1d2330; --muted: #5b6475; --line: #d5dae3; --bar: #3565c9; --track: #eef1f6; }
@media (prefers-color-scheme: dark) {
  :root { --ink: #e6e9ef; --muted: #a3abba; --line: #3a4150; --bar: #7ea6ff; --track: #262b36; }
}
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: var(--ink); background: Canvas; }
main { max-width: 70rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.5rem; }
h2 { font-size: 1.25rem; margin-top: 2rem; border-bottom: 1px solid var(--line); }
h3 { font-size: 1rem; }
table { border-collapse: collapse; margin: 0.75rem 0; max-width: 100%; }
caption { text-align: left; color: var(--muted); font-size: 0.875rem; padding-bottom: 0.25rem; }
th, td { border-bottom: 1px solid var(--line); padding: 0.25rem 0.75rem 0.25rem 0; text-align: left;
  vertical-align: top; }
td:nth-child(n + 2) { font-variant-numeric: tabular-nums; }
.bar-chart { display: block; max-width: 100%; height: auto; }
.bar-chart text { fill: var(--ink); font-size: 13px; }
.bar-track { fill: var(--track); }
.bar-value { fill: var(--bar); }
.answers { margin: 0; padding-left: 1.25rem; }
.user-id, .note { color: var(--muted); }
.user-id { display: block; font-size: 0.8rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%);
  white-space: nowrap; }
a { color: var(--bar); }
`;

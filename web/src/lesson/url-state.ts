// Widget state in the URL (`<widget id>.<param>=value`), so a link reproduces a view; `hide=` hides controls.

export interface UrlState {
  /** Raw values per widget id, still to be checked against the widget's schema. */
  widgets: Map<string, Record<string, string>>;
  /** Hidden controls: a bare name hides it in every widget, `id.name` in one. */
  hidden: Set<string>;
}

export function readUrlState(search: string): UrlState {
  const params = new URLSearchParams(search);
  const widgets = new Map<string, Record<string, string>>();
  const hidden = new Set<string>();
  for (const [key, value] of params) {
    if (key === 'hide') {
      value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
        .forEach((name) => hidden.add(name));
      continue;
    }
    const dot = key.indexOf('.');
    if (dot <= 0) continue;
    const id = key.slice(0, dot);
    widgets.set(id, { ...widgets.get(id), [key.slice(dot + 1)]: value });
  }
  return { widgets, hidden };
}

export function hiddenFor(state: UrlState, widgetId: string): Set<string> {
  const names = new Set<string>();
  for (const name of state.hidden) {
    const dot = name.indexOf('.');
    if (dot < 0) names.add(name);
    else if (name.slice(0, dot) === widgetId) names.add(name.slice(dot + 1));
  }
  return names;
}

/** The address with one widget's state in it (other query parameters are kept). */
export function withWidgetState(
  href: string | URL,
  widgetId: string,
  state: Record<string, number | string | boolean>,
): string {
  const url = new URL(href);
  for (const key of [...url.searchParams.keys()]) if (key.startsWith(`${widgetId}.`)) url.searchParams.delete(key);
  for (const [key, value] of Object.entries(state)) url.searchParams.set(`${widgetId}.${key}`, String(value));
  return url.toString();
}

/** The link that reproduces one widget's state and scrolls to it. */
export function linkTo(location: Location, widgetId: string, state: Record<string, number | string | boolean>): string {
  const url = new URL(withWidgetState(location.href, widgetId, state));
  url.hash = widgetId;
  return url.toString();
}

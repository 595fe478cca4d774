// Checks widget parameters against each widget's schema (web/src/widgets/<name>/schema.ts): the lesson compiler, the
// page's URL parser and embeds all check through here.
import {
  checkParam,
  describeAllowed,
  isRequired,
  limitParams,
  loweredNotice,
  type ParamSpec,
  type ParamValue,
} from './param-spec.js';
import { widgetSchemas } from '../widgets/schemas.generated.js';
import { translate } from '../i18n/messages.js';
import { defaultLocale, type Locale } from '../i18n/locales.js';
import type { StateOf } from '../widgets/params.js';

export { widgetSchemas };
export { limitParams, maxOf, type Lowered } from './param-spec.js';

type Schemas = typeof widgetSchemas;
export type WidgetName = keyof Schemas;

/** Widgets planned but not built; a lesson that uses one is told it is not available yet. */
export const reservedWidgets = [
  // Compares the other fixes side by side (balanced dₖ^(−1/4), cosine/QK-norm): the core's attention() already offers
  // them.
  'scale-alternatives',
] as const;

/** The typed parameters of one widget, as the page receives them after parseWidgetParams. */
export type WidgetParamsOf<W extends WidgetName> = StateOf<Schemas[W]>;

export type WidgetParams = Record<string, ParamValue>;

/** Widget state as a lesson JSON or a URL holds it: lists written "20,22,18,21", read back by parseWidgetParams. */
export type FlatWidgetParams = Record<string, number | string | boolean>;

export function flattenWidgetParams(params: WidgetParams): FlatWidgetParams {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, typeof value === 'object' ? value.join(',') : value]),
  );
}

export const widgetNames = Object.keys(widgetSchemas) as WidgetName[];

export function isWidgetName(name: string): name is WidgetName {
  return Object.hasOwn(widgetSchemas, name);
}

export function isReservedWidget(name: string): boolean {
  return (reservedWidgets as readonly string[]).includes(name);
}

function specsOf(widget: WidgetName): Record<string, ParamSpec> {
  return widgetSchemas[widget];
}

export type WidgetParamCheck =
  | { ok: true; value: ParamValue }
  | { ok: false; problem: 'unknown-parameter' | 'wrong-type' | 'out-of-range'; message: string };

/** Checks one parameter; messages read "what is wrong; allowed: …", in `locale` (the build's English by default). */
export function checkWidgetParam(
  widget: WidgetName,
  name: string,
  raw: unknown,
  locale: Locale = defaultLocale,
): WidgetParamCheck {
  const specs = specsOf(widget);
  const spec = Object.hasOwn(specs, name) ? specs[name] : undefined;
  if (!spec) {
    const names = Object.keys(specs).join(translate(locale, 'list.comma'));
    return {
      ok: false,
      problem: 'unknown-parameter',
      message: translate(locale, 'param.unknown', { widget, name, names }),
    };
  }
  const checked = checkParam(name, spec, raw, locale);
  return checked.ok
    ? checked
    : { ...checked, message: translate(locale, 'param.ofWidget', { widget, message: checked.message }) };
}

export interface ParsedWidgetParams {
  params: WidgetParams;
  problems: string[];
}

/** Parameters with defaults filled in; a bad or unknown value is reported and its default used instead. */
export function parseWidgetParams(
  widget: WidgetName,
  raw: Record<string, unknown>,
  locale: Locale = defaultLocale,
): ParsedWidgetParams {
  const { params, problems } = checkWidgetState(widget, raw, locale);
  for (const [name, spec] of Object.entries(specsOf(widget))) {
    if (params[name] !== undefined) continue;
    if (spec.default !== undefined) params[name] = spec.default;
    else if (isRequired(spec)) {
      problems.push(translate(locale, 'param.missing', { widget, name, allowed: describeAllowed(spec, locale) }));
    }
  }
  return { params, problems };
}

/** limitParams with the widget's own schema, as notices. */
export function limitWidgetParams(widget: WidgetName, params: WidgetParams): string[] {
  return limitParams(specsOf(widget), params).map(loweredNotice);
}

/** Only the parameters given (a `show` action or a URL that changes part of a widget's state), checked. */
export function checkWidgetState(
  widget: WidgetName,
  raw: Record<string, unknown>,
  locale: Locale = defaultLocale,
): ParsedWidgetParams {
  const params: WidgetParams = {};
  const problems: string[] = [];
  for (const [name, value] of Object.entries(raw)) {
    const checked = checkWidgetParam(widget, name, value, locale);
    if (checked.ok) params[name] = checked.value;
    else problems.push(checked.message);
  }
  return { params, problems };
}

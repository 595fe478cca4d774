// Builds a question once per variant with its params bound, so every variant meets every check the compiler has;
// problems name the variant they come from (or none, when every variant has them).
import type { Question } from '../quiz/types.js';
import { variantKey } from '../quiz/variants.js';
import type { FieldContext } from './fields.js';
import type { ProblemKind } from './problems.js';
import type { Place } from './yaml-nodes.js';

interface Found {
  place: Place;
  kind: ProblemKind;
  message: string;
  /** The variant keys that had this problem, in build order. */
  keys: string[];
}

/** The question of the first combination, carrying every variant; null when any variant has a problem. */
export function buildVariants(
  ctx: FieldContext,
  combinations: Record<string, number>[],
  build: (variantCtx: FieldContext) => Question | null,
): Question | null {
  const found = new Map<string, Found>();
  const built: { params: Record<string, number>; question: Question | null }[] = [];
  for (const params of combinations) {
    const key = variantKey(params);
    let count = 0;
    const variantCtx: FieldContext = {
      ...ctx,
      variant: { params, label: `variant ${key}: ` },
      problemCount: () => count,
      report: (place, kind, message) => {
        count += 1;
        const id = `${place.line}:${place.column}:${kind}:${message}`;
        const seen = found.get(id);
        if (seen) seen.keys.push(key);
        else found.set(id, { place, kind, message, keys: [key] });
      },
    };
    built.push({ params, question: build(variantCtx) });
  }
  for (const { place, kind, message, keys } of found.values()) {
    // A problem every variant shares is the author's text, not a variant's numbers: it is said once, plainly.
    ctx.report(place, kind, keys.length === combinations.length ? message : `variant ${keys[0]}: ${message}`);
  }
  if (found.size > 0 || built.some((variant) => variant.question === null)) return null;
  const variants = built.map(({ params, question }) => ({ params, question: question as Question }));
  return { ...(variants[0]?.question as Question), variants };
}

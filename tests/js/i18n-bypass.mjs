// Finds words that reach the page without the message catalog: string and template literals with letters flowing
// into DOM text or text attributes, the widgets' text parameters, or HTML written as a template. Keys, ids and CSS
// classes (one lowercase word, kebab-case or dotted) pass; t('key') and translate(locale, 'key') are the catalog.
import { readFileSync } from 'node:fs';
import ts from 'typescript';

/** Properties whose value the page shows or reads out: DOM ones and our own components' text options. */
const textProperties = new Set([
  'textContent',
  'innerText',
  'innerHTML',
  'outerHTML',
  'title',
  'placeholder',
  'alt',
  'ariaLabel',
  'ariaDescription',
  'ariaValueText',
  'ariaRoleDescription',
  'ariaPlaceholder',
  'xLabel',
  'yLabel',
  'label',
  'caption',
  'tableCaption',
  'summary',
  'sentence',
  'legend',
  'text',
  'hint',
  'notice',
  'why',
  'heading',
]);
const textAttributes = new Set([
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-roledescription',
  'aria-placeholder',
  'title',
  'placeholder',
  'alt',
  'label',
]);
/** Methods whose every argument becomes text on the page (DOM insertion and the widgets' frame). */
const textMethods = new Set([
  'createTextNode',
  'append',
  'prepend',
  'replaceChildren',
  'before',
  'after',
  'replaceWith',
  'insertAdjacentText',
  'insertAdjacentHTML',
  'setCustomValidity',
  'setClaim',
  'setSummary',
  'setNotice',
  'setWaiting',
  'setTable',
  'addTable',
  'axis',
  'announce',
  'setFeedback',
  'setEnabled',
  'usedOnlyWhen',
  'alert',
  'confirm',
]);
/** Calls that turn a key into words: their arguments are keys, not words. */
const catalogCalls = new Set(['t', 'translate']);
/** Calls that make or find elements: their arguments are tag names, selectors and classes. */
const plumbingCalls = new Set([
  'createElement',
  'createElementNS',
  'querySelector',
  'querySelectorAll',
  'closest',
  'getElementById',
  'layer',
  'sublayer',
  'marks',
]);

const mathWords = /\b(ln|log|log2|exp|sqrt|max|softmax|NaN|float16|float32|float64)\b/g;
const htmlTag = /<\/?[a-z][a-z0-9-]*(\s[^>]*)?>/gi;

/** Whether a literal's text reads as words rather than a key, id, class, selector part or symbol. */
export function looksLikeWords(text, { html = false } = {}) {
  // In HTML, tags and attribute values are markup, not words (an aria-label's value is checked where it is set).
  let words = html
    ? text
        .replace(htmlTag, ' ')
        .replace(/<\/?[a-z][a-z0-9-]*/gi, ' ')
        .replace(/[\w-]+="[^"]*"/g, ' ')
        .replace(/[">]/g, ' ')
    : text;
  // Mathematics reads the same in every language: ln 8 = 2.08, float16, NaN.
  words = words
    .replace(/&[a-z]+;/g, ' ')
    .replace(mathWords, ' ')
    .trim();
  if (/[\u3400-\u9fff]/.test(words)) return true;
  if (!/[A-Za-z]{2,}/.test(words)) return false;
  return !/^[-a-z0-9_.:#/]*$/.test(words) && !/^[a-z]+[A-Za-z0-9]*$/.test(words);
}

function literalText(node) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  // A placeholder reads as the letter x: `${n} samples` is words, `${id}-caption` is an id.
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join('x');
  return undefined;
}

/** "line:col: why" for each bypass in one TypeScript source. */
export function findBypasses(source, fileName = 'probe.ts') {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const widgetFile = /(^|\/)widgets\/|(^|\/)training\/|fixtures\//.test(fileName);
  const declarations = new Map();
  const collect = (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const list = declarations.get(node.name.text) ?? [];
      list.push(node.initializer);
      declarations.set(node.name.text, list);
    }
    ts.forEachChild(node, collect);
  };
  collect(file);
  // Local helpers that take words by a text parameter's name: button(text, …), fieldset(legend, …).
  const helpers = new Map();
  const collectHelpers = (node) => {
    const fn = ts.isFunctionDeclaration(node)
      ? node
      : ts.isVariableDeclaration(node) && node.initializer && ts.isArrowFunction(node.initializer)
        ? node.initializer
        : undefined;
    const name = ts.isFunctionDeclaration(node)
      ? node.name?.text
      : ts.isVariableDeclaration(node) && node.name.getText(file);
    if (fn && name)
      helpers.set(
        name,
        fn.parameters.map((p) => p.name.getText(file)),
      );
    ts.forEachChild(node, collectHelpers);
  };
  collectHelpers(file);

  const found = new Map();
  const report = (node, why) => {
    const { line, character } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.set(node.getStart(file), `${line + 1}:${character + 1}: ${why}`);
  };

  // Follows an expression to the literals it is made of: branches, sums, arrays, helpers' arguments, local consts.
  const flows = (node, why, seen = new Set(), html = false) => {
    if (!node) return;
    const text = literalText(node);
    if (text !== undefined) {
      if (looksLikeWords(text, { html })) report(node, `${why}: ${JSON.stringify(text.slice(0, 40))}`);
      if (ts.isTemplateExpression(node)) node.templateSpans.forEach((span) => flows(span.expression, why, seen, html));
      return;
    }
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node))
      return flows(node.expression, why, seen, html);
    if (ts.isSatisfiesExpression?.(node)) return flows(node.expression, why, seen, html);
    if (ts.isBinaryExpression(node)) {
      flows(node.left, why, seen, html);
      return flows(node.right, why, seen, html);
    }
    if (ts.isConditionalExpression(node)) {
      flows(node.whenTrue, why, seen, html);
      return flows(node.whenFalse, why, seen, html);
    }
    if (ts.isArrayLiteralExpression(node)) return node.elements.forEach((e) => flows(e, why, seen, html));
    if (ts.isSpreadElement(node)) return flows(node.expression, why, seen, html);
    if (ts.isArrowFunction(node) && !ts.isBlock(node.body)) return flows(node.body, why, seen, html);
    if (ts.isObjectLiteralExpression(node)) {
      // Read by index (labels[action]), every value is what may be shown; otherwise only the text options.
      for (const property of node.properties)
        if (ts.isPropertyAssignment(property) && (seen.indexed || textProperties.has(property.name?.getText(file))))
          flows(property.initializer, why, seen, html);
      return;
    }
    if (ts.isElementAccessExpression(node)) {
      const indexed = new Set(seen);
      indexed.indexed = true;
      return flows(node.expression, why, indexed, html);
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : '';
      if (catalogCalls.has(name) || plumbingCalls.has(name)) return;
      if (ts.isPropertyAccessExpression(callee)) flows(callee.expression, why, seen, html);
      return node.arguments.forEach((argument) => flows(argument, why, seen, html));
    }
    if (ts.isIdentifier(node) && !seen.has(node.text)) {
      seen.add(node.text);
      for (const initializer of declarations.get(node.text) ?? []) flows(initializer, why, seen, html);
    }
  };

  const visit = (node) => {
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      const target = node.left;
      if (ts.isPropertyAccessExpression(target) && textProperties.has(target.name.text))
        flows(node.right, `text set as .${target.name.text}`, new Set(), /HTML$/.test(target.name.text));
    }
    if (ts.isParameter(node) && node.initializer && textProperties.has(node.name.getText(file)))
      flows(node.initializer, `text parameter ${node.name.getText(file)}`);
    if (ts.isPropertyAssignment(node) && textProperties.has(node.name.getText(file)))
      flows(
        node.initializer,
        `text option ${node.name.getText(file)}`,
        new Set(),
        /HTML$/.test(node.name.getText(file)),
      );
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : '';
      const args = node.arguments ?? [];
      if (name === 'setAttribute' && args[0] && textAttributes.has(literalText(args[0])))
        flows(args[1], `text attribute ${literalText(args[0])}`);
      else if (textMethods.has(name))
        args.forEach((a) => flows(a, `text passed to ${name}()`, new Set(), /HTML/.test(name)));
      else if (ts.isIdentifier(callee) && helpers.has(name))
        helpers.get(name).forEach((param, i) => {
          if (textProperties.has(param)) flows(args[i], `text passed to ${name}(${param})`);
        });
      else if (ts.isNewExpression(node) && ['WidgetFrame', 'Option'].includes(name))
        args.forEach((a) => flows(a, `text passed to new ${name}()`));
    }
    // A widget's caption and table caption go to its frame through the LiveWidget constructor.
    if (widgetFile && ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.SuperKeyword)
      node.arguments.forEach((a) => flows(a, 'text passed to super()'));
    // HTML written as a template: the words between its tags.
    const text = literalText(node);
    // An Error's message is for developers, not the page.
    const inError =
      node.parent !== undefined &&
      ts.isNewExpression(node.parent) &&
      /Error$/.test(node.parent.expression.getText(file));
    if (text !== undefined && !inError && /<[a-z][a-z0-9-]*[\s>]/i.test(text) && looksLikeWords(text, { html: true }))
      report(node, `words in HTML: ${JSON.stringify(text.slice(0, 40))}`);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return [...found.entries()].sort((a, b) => a[0] - b[0]).map(([, message]) => message);
}

export function findBypassesInFile(path) {
  return findBypasses(readFileSync(path, 'utf8'), path);
}

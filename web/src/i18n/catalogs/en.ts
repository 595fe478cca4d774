// English, the source of every key: ICU MessageFormat syntax ({name}, {n, plural, one {…} other {…}}, select).
// A plain {x} prints a number as given (the lesson writes dₖ = 4096, not 4,096).
// The tags this catalog answers (scripts/locale-index.mjs reads this): every tag of language en.
export const catalogLocale = { locale: 'en', language: 'en' } as const;

export const en = {
  // Every widget's frame
  'widget.resample': 'Resample',
  'widget.copyLink': 'Copy link to this view',
  'widget.seed': 'Seed',
  'widget.seedAndResample': 'Seed and Resample',
  'widget.dataTable': 'Data table',
  'widget.lookFor': 'Look for: ',
  'widget.computing': 'Computing…',
  'widget.computeFailed': 'The core could not compute this view: {message}',
  'core.loading': 'Loading the computation core…',
  'question.backTo': 'Back to the question',

  // Controls
  // What a screen reader says a slider is at ("samples = 20000"), for a slider without a letter of its own
  'symbol.guess': 'guess',
  'symbol.steps': 'steps',
  'symbol.multiplier': 'multiplier',
  'symbol.trials': 'trials',
  'symbol.pairs': 'pairs',
  'symbol.samples': 'samples',
  'control.exactValue': '{label}, exact value',
  'control.enterWholeNumber': 'Enter a whole number from {min} to {max}; kept {symbol} = {kept}.',
  'control.enterNumber': 'Enter a number from {min} to {max}; kept {symbol} = {kept}.',
  'control.keyDimension': 'Key dimension dₖ',
  'control.keys': 'Keys n',
  'control.trainingSteps': 'Training steps',
  'axis.keyDimensionLog': 'key dimension dₖ (log scale)',

  // "Look for" sentences, one per widget
  'claim.alignedScores':
    'At ρ = 0.5, from dₖ = 64 to 4096 the ÷√dₖ typical score grows ×8 while the ÷dₖ one stays within [0, 1].',
  'claim.beforeAfter':
    'The same scores give one towering weight unscaled, and several visible weights once divided by √dₖ.',
  'claim.entropyVsDk':
    'Unscaled, attention entropy falls towards 0 as dₖ grows; ÷√dₖ holds it level; ÷dₖ climbs to the ceiling ln n.',
  'claim.float16Overflow':
    'In float16, dividing by √dₖ after the product is too late: scores past 65504 become ∞ and the softmax turns ' +
    'them into NaN; scaling q before the product keeps every score finite.',
  'claim.jacobianView':
    'Multiply the logits and the heatmap fades to white: every entry of J, and with it the gradient, shrinks to 0.',
  'claim.nearOrthogonality': 'As d grows the cosines of random pairs crowd around 0: their spread shrinks like 1/√d.',
  'claim.saturationCurve':
    'p₁ climbs from 1/n to almost 1 within a lead of a few units: it passes 0.99 at the marked point.',
  'claim.softmaxDies':
    'With no scale, raising dₖ makes the bars collapse onto one key and the gradient-survival badge fall from ' +
    'healthy to dead; with ÷√dₖ the weights stay spread and the badge healthy at every dₖ.',
  'claim.temperatureSweep': 'A colder τ lets one bar tower over the rest; a warmer τ flattens the bars towards 1/n.',
  'claim.trainFixes':
    'At a high learning rate the unscaled and ÷√dₖ runs’ attention entropy collapses to nearly 0 while their ' +
    'largest logit grows into the thousands; QK-norm keeps its entropy well above 0 and its logits small.',
  'claim.trainIt':
    'At a large dₖ the scaled run reaches 90 % accuracy within tens of steps, while the unscaled run takes more ' +
    'than ten times as long, if it gets there at all: the saturated softmax squeezes out the gradient reaching its ' +
    'scores.',
  'claim.varianceExplorer':
    'As dₖ grows the histogram of q·k widens like √dₖ; dividing by √dₖ snaps it back to the same narrow ' +
    'standard normal.',
  // The quiz engine's words (also the LTI server's): parsing a typed answer
  'parse.formatHelp':
    'Type a number (1.5, 1.5e3) or an expression: + − × ÷, ^ or ** for powers, parentheses, ' +
    'sqrt( ) or √, ln( ) or log( ) (both the natural logarithm), log2( ), log10( ), exp( ), pi or π, and e. ' +
    'You can write 3√2 or 2pi without a ×. No thousands separators or percent signs.',
  'parse.notText': 'the answer is not text',
  'parse.tooLong': 'more than {max} characters',
  'parse.shorten': 'Shorten the answer.',
  'parse.empty': 'the answer is empty',
  'parse.logOfNegative': 'the logarithm of zero or a negative number',
  'parse.rootOfNegative': 'the square root of a negative number',
  'parse.tooLarge': 'a result too large to use',
  'parse.numberTooLarge': 'a number too large to use',
  'parse.fractionalPowerOfNegative': 'a negative number to a fractional power',
  'parse.zeroToNegativePower': 'zero to a negative power',
  'parse.divisionByZero': 'division by zero',
  'parse.secondPoint': 'a second decimal point',
  'parse.unexpected': "unexpected '{text}'",
  'parse.unexpectedNumber': "unexpected number '{text}'",
  'parse.comma': 'a comma',
  'parse.commaAdvice': 'Write 1000, not 1,000, and use a point for decimals (1.5).',
  'parse.ambiguousComma': "a '，' that could group thousands or mark decimals",
  'parse.ambiguousCommaAdvice': 'Write {lead}{rest} or {lead}.{rest}.',
  'parse.fullStopAdvice': 'Use a point for decimals (1.5).',
  'parse.percent': 'a percent sign',
  'parse.percentAdvice': 'Percentages are not accepted: write 0.5 rather than 50%.',
  'parse.numberAfterValue': 'a number right after another value',
  'parse.numberAfterValueAdvice': 'Put an operator such as * between them.',
  'parse.unknownName': "unknown name '{name}'",
  'parse.knownNames': 'You can use sqrt, ln, log, log2, log10, exp, pi and e.',
  'parse.valueMissing': 'a value is missing',
  'parse.nothingAfter': "nothing after '{name}'",
  'parse.nothingAfterAdvice': 'Give it a value, as in {example}.',
  'parse.tooDeep': 'more than {max} nested parentheses',
  'parse.missingClose': "a missing ')'",
  'parse.neverClosed': "The '(' at position {position} is never closed.",

  // Grading and the verdict
  'grade.empty': 'Type a number or an expression, such as 3/4 or sqrt(2).',
  'grade.unreadable': "I couldn't read this: {reason} at position {position}. {advice}",
  'grade.correct': 'Correct.',
  'grade.notQuite': 'Not quite.',
  'grade.notQuiteHint': 'Not quite. {hint}',
  'grade.choose': 'Choose an answer.',
  'grade.selectSome': 'Select at least one option.',
  'grade.chooseOne': 'Choose only one answer.',
  'grade.multiWrong': 'Not quite: {wrong} of your choices {wrong, plural, one {is} other {are}} not correct.',
  'grade.multiMissed': 'Not quite: {missed} correct {missed, plural, one {option is} other {options are}} missing.',
  'grade.multiBoth':
    'Not quite: {wrong} of your choices {wrong, plural, one {is} other {are}} not correct and {missed} correct ' +
    '{missed, plural, one {option is} other {options are}} missing.',
  'verdict.right': 'Correct',
  'verdict.wrong': 'Not quite',
  'verdict.prefix': '{verdict}. ',
  'verdict.noPointsAfterSolution': 'It came after the worked solution was shown, so it earns no points.',
  // Questions
  'question.hint': 'Hint',
  'question.hideHint': 'Hide the hint',
  'question.another': 'Another like this',
  'question.heading': 'Question {number}',
  'question.check': 'Check',
  'question.yourAnswer': 'Your answer',
  'question.answerHelp': 'a number or an expression, such as 3/4 or sqrt(2)',
  'question.chooseOne': 'Choose one',
  'question.chooseEvery': 'Choose every one that holds',
  'question.notCorrectMark': ' — not correct',
  'question.tryAgain': 'Try this one again.',
  'question.ownNumbers': " (the lesson's own numbers)",
  'question.variant': 'Variant {index} of {count} · seed {seed}{own}',
  'question.newNumbers': 'New numbers: variant {index} of {count}.',
  'question.locked':
    'This question is locked: you have used {attempts, plural, one {your one attempt} other {all # attempts}} it ' +
    'allows.',
  'question.showSolution': 'Show the worked solution',
  'question.showSolutionWarning':
    'If you show it, an answer to these numbers afterwards earns no points (a right one is still confirmed).',
  'question.workedSolution': 'Worked solution',
  'question.showMe': 'Show me in the widget',
  'question.earlierAfterSolution':
    'You answered this correctly after its worked solution was shown, so it earns no points.',
  'question.earlier': 'You answered this correctly earlier.',
  'question.answeredNotYet': 'Answered {attempts, plural, one {once} other {# times}}, not yet correctly.',
  'question.optionCorrect': 'Correct: ',
  'question.optionNotCorrect': 'Not correct: ',
  'grading.outsideCourse':
    'This page was opened outside its course, so its answers cannot be graded: open the activity from the course.',
  'grading.unreachable': 'The course tool could not be reached, so this answer was not graded. Try again.',
  'grading.answered': 'The course tool answered {status}.',
  // Predict first
  'predict.title': 'Predict first',
  'predict.commit': 'Commit my guess',
  'predict.justShowMe': 'Just show me',
  'predict.note': "Make your guess, then commit it. Using the figure's own controls first counts as skipping.",
  'predict.yourGuess': 'Your guess',
  'predict.yourGuessIn': 'Your guess ({unit})',
  'predict.guessMark': 'your guess {value}',
  'predict.guessLabel': 'your guess',
  'predict.guessRange': 'your guess: {range}',
  'predict.rangeBetween': '{from} to {to}',
  'predict.rangeFrom': '{from} or more',
  'predict.rangeBelow': 'below {to}',
  'predict.showing': 'Showing the figure…',
  'predict.skippedUsed': 'Skipped: the figure was used before a guess was committed.',
  'predict.valueWithUnit': '{value} {unit}',
  'predict.skippedFigure': 'Skipped. The figure: {result}.',
  'predict.guessAndFigure': 'Your guess: {guess}. The figure: {result}.',
  'predict.noneShown': 'The figure shows none of these options at this seed.',
  'predict.skippedShows': 'Skipped. The figure shows: ',
  'predict.guessShown': 'Your guess is what the figure shows: ',
  'predict.figureShows': 'The figure shows: ',
  'predict.sentenceEnd': '.',
  'predict.lineResult': 'On a line from {low} to {high}: the result {result}.',
  'predict.lineGuessAndResult': 'On a line from {low} to {high}: your guess {guess} and the result {result}.',
  'predict.resultMark': 'result {value}',
  'predict.guessShort': 'guess {value}',
  // Shared table words
  'table.statistic': 'Statistic',
  'table.theory': 'Theory',
  'table.mean': 'Mean',
  'table.variance': 'Variance',
  'table.std': 'Standard deviation',

  // Variance explorer
  'varianceExplorer.caption': 'Variance explorer: the score q·k of random q and k at dimension dₖ',
  'varianceExplorer.tableCaption': 'Sample statistics of q·k next to theory',
  'varianceExplorer.samples': 'Samples',
  'varianceExplorer.divide': 'Divide by √dₖ',
  'varianceExplorer.axis': 'x axis',
  'varianceExplorer.axisFixed': 'fixed (±{halfWidth})',
  'varianceExplorer.axisFit': 'fit the samples',
  'varianceExplorer.summary':
    'Histogram of {samples} samples of {what} at dₖ = {dk}: sample variance {variance}, theory {theoryVariance}; ' +
    'sample std {std}, theory {theoryStd}.',
  'varianceExplorer.sampleWithError': 'Sample (± standard error)',
  'varianceExplorer.outside': 'Samples outside the histogram',
  'table.key': 'Key',
  'table.score': 'Score q·k',
  'axis.weight': 'weight',
  'format.percent': '{value} %',
  'format.percentBelow': '< {value} %',
  'control.temperature': 'Temperature τ',
  'control.scaleScores': 'Scale the scores',
  'control.scaleNone': 'none',
  'control.scaleCustom': '÷τ (custom)',
  'control.arithmetic': 'Arithmetic',
  'control.temperatureUnused': 'τ is used only when the scale is ÷τ (custom)',

  // Gradient survival
  'survival.name': 'Gradient survival',
  'survival.healthy': 'healthy',
  'survival.fading': 'fading',
  'survival.dying': 'dying',
  'survival.dead': 'dead',
  'survival.bands': 'healthy ≥ {healthy}, fading ≥ {fading}, dying ≥ {dying}, dead below',

  // Watch the softmax die
  'softmaxDies.caption': 'Watch the softmax die: attention weights of one query over n keys',
  'softmaxDies.tableCaption': 'Scores and weights per key',
  'softmaxDies.unscaled': 'unscaled scores',
  'softmaxDies.divided': 'scores divided by {divisor}',
  'softmaxDies.summary':
    'At dₖ = {dk} with {keys} keys, {scaling}: the largest weight is {largest}, entropy {entropy} nats, {share} of ' +
    'its largest value for {keys} keys; gradient survival {survival}, {state}.',
  'softmaxDies.zeros':
    ' In {precision}, {zeros} of the {keys} {zeros, plural, one {weight is} other {weights are}} exactly 0.',
  'softmaxDies.meter':
    '{name} {survival}, {state}: {meaning}. It is Σ ∂pᵢ/∂sᵢ, the trace of the Jacobian, as a share of its value at ' +
    'uniform weights: {bands}.',
  'softmaxDies.meaning.healthy': 'the weights still answer their scores, and learning goes on',
  'softmaxDies.meaning.fading': 'the weights answer their scores weakly, and learning slows',
  'softmaxDies.meaning.dying': 'nearly one-hot: the weights barely answer their scores',
  'softmaxDies.meaning.dead': 'one-hot in effect: no gradient reaches the scores',
  'softmaxDies.weightIn': 'Weight ({precision})',
  'softmaxDies.exactZeros': 'Weights exactly 0',
  'scale.none': 'no scale',
  'axis.score': 'score',

  // Aligned q and k
  'aligned.caption': 'Aligned q and k: the typical score against dₖ under each scale',
  'aligned.tableCaption': 'Typical score ρ·dₖ ÷ the scale at each dₖ',
  'aligned.legendSamples': 'dots at the chosen dₖ: sampled pairs',
  'aligned.rho': 'Alignment ρ of q and k',
  'aligned.exit': '↑ no scale',
  'aligned.sampled': '{scale} {theory} ({pairs} sampled pairs: mean {mean}, std {std})',
  'aligned.summary':
    'Alignment ρ = {rho}. Typical score at dₖ = {dk}: {sampled}. From dₖ = {from} to {to}, ÷√dₖ goes from ' +
    '{sqrtFrom} to {sqrtTo} while ÷dₖ stays at {linear}; with no scale it reaches {none}',
  'aligned.leaves': ' (it leaves the chart above dₖ = {dk})',
  'aligned.outside': ', and {outside} of the {pairs} unscaled samples lie beyond the chart.',
  'aligned.end': '.',
  'aligned.typicalColumn': 'Typical score, {scale}',
  'aligned.sampledRow': 'Sampled at dₖ = {dk} (mean ± std)',
  'list.semicolon': '; ',
  'axis.entropy': 'entropy (nats)',

  // Entropy against dₖ
  'entropyVsDk.caption': 'Entropy against dₖ: how spread out attention stays under each scale',
  'entropyVsDk.tableCaption': 'Mean entropy ± standard error at each dₖ',
  'entropyVsDk.ceilingLegend': 'ln n (uniform)',
  'entropyVsDk.trials': 'Trials per dₖ',
  'entropyVsDk.curve': '{scale}: {first} at dₖ = {firstDk}, {last} at dₖ = {lastDk}',
  'entropyVsDk.summary':
    'Mean entropy over {trials} random queries with {keys} keys; the ceiling ln {keys} is {ceiling} nats. {curves}.',
  'entropyVsDk.column': 'Entropy, {scale}',
  'entropyVsDk.ceilingRow': 'Ceiling ln n',

  // Float16 overflow
  'float16.order.after': 'q·k in float16, then ÷√dₖ',
  'float16.order.before': '(q ÷ √dₖ)·k in float16',
  'float16.order.balanced': '(q·dₖ^(−1/4))·(k·dₖ^(−1/4)) in float16',
  'float16.largest': 'largest |score|',
  'float16.caption': 'Float16 overflow: where the ÷√dₖ goes decides whether scores reach ∞',
  'float16.tableCaption': 'Each query row',
  'float16.spread': 'Spread of the entries σ',
  'float16.where': 'Where the scale goes',
  'float16.after': 'after q·k',
  'float16.before': 'on q, before',
  'float16.balanced': 'dₖ^(−¼) on both',
  'float16.summary':
    '{order} at dₖ = {dk}, spread σ = {spread}: {infinities} of {total} scores overflowed to ∞ and {nans} of ' +
    '{total} weights are NaN. The largest exact |q·k| is {largest}; float16 stops at {max}.',
  'float16.maxLine': 'dashed: float16 max {max}',
  'float16.orderFinite': '{order}: every score finite',
  'float16.orderOverflow': '{order}: {infinities} ∞ scores, {nans} NaN weights',
  'float16.threeOrders': 'The same q and k, three orders:',
  'float16.row': 'Query row',
  'float16.rowLargest': 'Largest |score| (float16)',
  'float16.rowNans': 'NaN weights in the row',
  'format.under': 'under',

  // Jacobian view
  'jacobian.xAxis': 'multiplier of the logits',
  'jacobian.yAxis': 'size of J',
  'jacobian.caption': 'Jacobian view: ∂pᵢ/∂sⱼ for the current weights, and its size as the logits grow',
  'jacobian.tableCaption': 'Size of J at each multiplier of the logits',
  'jacobian.heatmapLabel': 'J = diag(p) − ppᵀ: row i is pᵢ, column j is sⱼ',
  'jacobian.normsLabel': 'Largest entry and Frobenius norm of J against the multiplier (log scales)',
  'jacobian.multiplier': 'Multiply the logits by',
  'jacobian.matrixTable': 'Data table: J',
  'jacobian.matrixCaption': 'Entries of J for the current weights',
  'jacobian.baseScores': 'Base scores',
  'jacobian.sampled': 'sampled N(0, 1)',
  'jacobian.keys': 'Keys n (sampled)',
  'jacobian.keysUnused': 'n is used only for sampled scores',
  'jacobian.theScores': 'the scores',
  'jacobian.sampledScores': '{n} sampled N(0, 1) scores',
  'jacobian.heatmapSummary':
    'Heatmap of J for {scores} times {multiplier}: largest weight {largest}, largest |Jᵢⱼ| {maxAbs} (at most 0.25 ' +
    'is possible), ‖J‖_F {frobenius}; orange entries are positive, blue negative, white zero.',
  'jacobian.normsSummary':
    'As the multiplier goes from {from} to {to}, ‖J‖_F falls from {frobeniusFrom} to {frobeniusTo} and max |Jᵢⱼ| ' +
    'from {maxFrom} to {maxTo}.',
  'jacobian.now': 'now × {multiplier}',
  'jacobian.meter':
    "{name} {percent}, {state}: the sum of J's diagonal, Σ ∂pᵢ/∂sᵢ = {trace}, is {share} of its sum at uniform " +
    'weights. That is how strongly the weights still answer a change in their own scores, and so how much ' +
    'gradient reaches the scores.',
  'jacobian.summary':
    'At {multiplier} times {scores}: gradient survival {percent}, {state}; ‖J‖_F = {frobenius}. {norms}',
  'jacobian.multiplierColumn': 'Multiplier',
  'jacobian.nowRow': '{multiplier} (now)',
  'jacobian.weightColumn': 'Weight pᵢ',
  'axis.count': 'count',

  // Before and after
  'beforeAfter.caption': 'Before and after: the same scores unscaled and divided by √dₖ',
  'beforeAfter.scoresLabel': 'Scores, before the softmax',
  'beforeAfter.weightsLabel': 'Weights, after the softmax',
  'beforeAfter.legendUnscaled': ' unscaled s   ',
  'beforeAfter.unscaled': 'unscaled',
  'beforeAfter.scoreSummary':
    'Scores at dₖ = {dk}: unscaled from {low} to {high}; divided by √dₖ = {divisor} from {scaledLow} to ' +
    '{scaledHigh}.',
  'beforeAfter.weightSummary':
    'After the softmax the unscaled scores give a largest weight of {unscaled} ({unscaledVerdict}); the scaled ' +
    'ones {scaled} ({scaledVerdict}).',
  'beforeAfter.summary': '{scoreSummary} {weightSummary}',
  'beforeAfter.scoreColumn': 'Score s',
  'beforeAfter.verdict': 'gradient survival {survival}, {state}',

  // Near-orthogonality
  'nearOrthogonality.axis': 'cosine u·v / (|u| |v|)',
  'nearOrthogonality.caption': 'Near-orthogonality: the cosine between random directions in d dimensions',
  'nearOrthogonality.tableCaption': 'Sample statistics of the cosine next to theory',
  'nearOrthogonality.dimension': 'Dimension d',
  'nearOrthogonality.pairs': 'Random pairs',
  'nearOrthogonality.zoom': 'Zoom the axis to ±4/√d',
  'nearOrthogonality.summary':
    'Histogram of the cosines of {pairs} random pairs at d = {d}: sample variance {variance}, theory 1/d = ' +
    '{theory}; the lines mark ±1/√d = ±{std}.',
  'nearOrthogonality.outside': 'Pairs outside the axis',

  // Saturation curve
  'saturation.xAxis': 'lead x of the first score',
  'saturation.caption': 'Saturation curve: the first weight of softmax([x, 0, …, 0]) as its lead x grows',
  'saturation.tableCaption': 'p₁ at whole-number leads x, and where it passes 0.99',
  'saturation.longVector': '[x, 0, …, 0] ({keys} entries)',
  'saturation.summary':
    'With n = {keys} keys, p₁ of softmax({vector}) rises from {uniform} at x = 0 to {last} at x = 10, and passes ' +
    '{threshold} at x = {crossing}.',
  'saturation.lead': 'Lead x',
  'saturation.crossing': 'Crossing x = {crossing}',

  // Temperature sweep
  'temperature.caption': 'Temperature sweep: one set of scores at τ = 0.5√dₖ, √dₖ and 2√dₖ',
  'temperature.tableCaption': 'Scores and weights per key at each τ',
  'temperature.panel': 'τ = {name} = {temperature}: largest weight {largest}, entropy {entropy} nats',
  'temperature.summary':
    'The same {keys} scores at dₖ = {dk} (√dₖ = {sqrtDk}), of at most {maxEntropy} nats: {panels}.',
  'temperature.column': 'Weight, τ = {name}',

  // Training widgets
  'training.speed': 'Speed (steps per second)',
  'training.speed.slow': 'Slow: 20',
  'training.speed.normal': 'Normal: 80',
  'training.speed.fast': 'Fast: no limit',
  'training.start': 'Start',
  'training.pause': 'Pause',
  'training.resume': 'Resume',
  'training.stop': 'Stop',
  'training.notStarted': 'Training: not started (0 of {steps} steps)',
  'training.pausedAt': 'Training paused at {value} of {max} steps',
  'training.finishedAt': 'Training finished at {value} of {max} steps',
  'training.stoppedAt': 'Training stopped at {value} of {max} steps',
  'training.failedAt': 'Training failed at {value} of {max} steps',
  'training.unreadableRun':
    'Your finished run saved in this browser could not be read, so it is not shown: press Start to train again.',
  'training.bringingBackNow': 'Bringing back your finished run…',
  'training.trainingNow': 'Training…',
  'training.planThenDoing': '{plan} {doing}',
  'training.bringingBack': 'Bringing back your finished run',
  'training.training': 'Training',
  'training.progress': '{doing}: {done} of {steps} steps',
  'training.error': 'Training stopped with an error: {message}',
  'axis.step': 'step',
  'axis.accuracy': 'accuracy',
  'table.step': 'Step',
  'training.pressStart': '{plan} Press Start to train.',

  // Train it
  'trainIt.metric.loss': 'Loss',
  'trainIt.metric.accuracy': 'Accuracy',
  'trainIt.metric.gradientNorm': 'Gradient norm of the weights',
  'trainIt.metric.scoreGradientNorm': 'Gradient reaching the scores',
  'trainIt.note.loss': 'squared error of the attention output',
  'trainIt.note.accuracy': 'share of the batch whose top score is the right key',
  'trainIt.note.gradientNorm': 'the weights W_q, W_k',
  'trainIt.note.scoreGradientNorm': 'what the softmax lets through to the scores, median over the batch',
  'trainIt.short.loss': 'Loss',
  'trainIt.short.accuracy': 'Accuracy',
  'trainIt.short.gradientNorm': '‖∂L/∂W‖',
  'trainIt.short.scoreGradientNorm': '‖∂L/∂s‖',
  'trainIt.run.scaled': 'scaled (÷√dₖ)',
  'trainIt.run.unscaled': 'unscaled',
  'trainIt.runShort.scaled': 'scaled',
  'trainIt.runShort.unscaled': 'unscaled',
  'trainIt.verdict.solved': 'solved',
  'trainIt.verdict.dead': 'dead',
  'trainIt.verdict.learning': 'learning',
  'trainIt.lossAxis': 'loss (log scale, floor 1e−6)',
  'trainIt.weightGradientAxis': '‖∂L/∂W‖ (log scale, floor 1e−8)',
  'trainIt.scoreGradientAxis': '‖∂L/∂s‖ (log scale, floor 1e−12)',
  'trainIt.caption': 'Train it: the same small attention model trained with and without ÷√dₖ',
  'trainIt.tableCaption': 'Loss, accuracy and gradient norm of both runs at evenly spaced steps',
  'trainIt.panel': '{metric}: {note}',
  'trainIt.plan':
    'Both runs train the same model from seed {seed} at dₖ = {dk} with {keys} keys for {steps} steps; their ' +
    'initial scores have std {unscaled} unscaled and {scaled} scaled.',
  'trainIt.guessAtStep': 'your guess: {outcome}, step {range}',
  'trainIt.goalPercent': '{value}%',
  'trainIt.stopped': 'Stopped after {done} of {steps} steps. ',
  'trainIt.scaledNotReached': 'had not reached {percent} accuracy by step {step}',
  'trainIt.scaledReached': 'reached {percent} accuracy at step {step}',
  'trainIt.unscaledNotReached': 'had not by step {step}',
  'trainIt.unscaledReached': 'at step {step}',
  'trainIt.result':
    '{stopped}The scaled run {scaledWords}; the unscaled run {unscaledWords} ({percent} on {streak} batches in a ' +
    'row; last batch: scaled {scaled}, unscaled {unscaled}).',
  'trainIt.reachedMark': '{run}: {percent}% at step {step}',
  'trainIt.verdictMark': '{run}: {verdict}',
  'trainIt.noSteps': '{metric} of both runs: no steps trained yet.',
  'trainIt.verdicts': ' Scaled run: {scaled}; unscaled run: {unscaled}.',
  'trainIt.curve': '{metric} at step {step}: scaled {scaled}, unscaled {unscaled}.',
  'trainIt.column': '{metric}, {run}',
  'list.comma': ', ',
  'control.lowered': '{name} lowered from {from} to {to}: {why}',

  // Train the fixes
  'trainFixes.metric.loss': 'Loss',
  'trainFixes.metric.accuracy': 'Accuracy',
  'trainFixes.metric.scoreGradientNorm': 'Gradient reaching the scores',
  'trainFixes.metric.entropy': 'Attention entropy',
  'trainFixes.metric.maxAbsScore': 'Largest logit',
  'trainFixes.note.loss': 'squared error of the attention output',
  'trainFixes.note.accuracy': 'share of the batch whose top score is the right key',
  'trainFixes.note.scoreGradientNorm': 'what the softmax lets through, median over the batch',
  'trainFixes.note.entropy': 'in nats: ln n when attention is spread evenly, 0 when it sits on one key',
  'trainFixes.note.maxAbsScore': 'the largest |score| the softmax sees in the batch',
  'trainFixes.short.loss': 'Loss',
  'trainFixes.short.accuracy': 'Accuracy',
  'trainFixes.short.scoreGradientNorm': '‖∂L/∂s‖',
  'trainFixes.short.entropy': 'Entropy',
  'trainFixes.short.maxAbsScore': 'Largest logit',
  'trainFixes.entropyAxis': 'entropy, nats (log scale, floor 1e−4)',
  'trainFixes.logitAxis': 'largest |score| (log scale)',
  'trainFixes.caption': 'Train the fixes: the same model trained with each alternative to ÷√dₖ, at one learning rate',
  'trainFixes.tableCaption': 'Each run’s values at the last step trained',
  'trainFixes.learningRate': 'Learning rate η',
  'trainFixes.runsToTrain': 'Runs to train',
  'trainFixes.lowered': 'Lowered to what trains: {lowered}.',
  'trainFixes.atMostKeys': 'At most {most} keys here: {why}.',
  'trainFixes.plan':
    'Every run trains the same model from seed {seed} at dₖ = {dk} with {keys} keys, Adam at learning rate ' +
    '{learningRate}, for {steps} steps; the initial scores have std {unscaled} unscaled and {scaled} divided by √dₖ.',
  'trainFixes.chooseAfterPlan': '{plan} Choose at least one run to train.',
  'trainFixes.choose': 'Choose at least one run to train.',
  'trainFixes.stopped': ' Stopped after {done} of {steps} steps.',
  'trainFixes.resultsBelow': ' Each run’s result is listed below the charts.',
  'trainFixes.noSteps': '{metric}: no steps trained yet.',
  'trainFixes.allHidden': '{metric}: every run is hidden; press one above the charts to show it.',
  'trainFixes.curve': '{metric} at step {step}: {runs}.',
  'trainFixes.run': 'Run',
  'trainFixes.goalAt': '{percent} at step',
  'trainFixes.learnedScale': 'Learned scale',
  'trainFixes.notReached': 'not reached',
  'trainFixes.runName.unscaled': 'unscaled',
  'trainFixes.runName.sqrt': '÷√dₖ',
  'trainFixes.runName.linear': '÷dₖ',
  'trainFixes.runName.learnedTemperature': 'learned τ',
  'trainFixes.runName.qkNorm': 'QK-norm',
  'trainFixes.runName.softcap': 'soft-cap 50',
  'trainFixes.runName.t5Init': 'T5 init',
  'trainFixes.shownRuns': 'Runs drawn (press to hide or show):',
  'trainFixes.notReachedBy': 'not {percent} accuracy by step {step}',
  'trainFixes.reachedAt': '{percent} accuracy at step {step}',
  'trainFixes.runResult': '{label}: {reached}; at step {step} attention entropy {entropy}, largest logit {logit}.',
  'trainFixes.whyFewerKeys':
    'at dₖ = {dk}, a {run} training step with more than {most} keys would be larger than the core allows ({work} ' +
    'multiply-adds)',
  'list.sentences': ' ',

  // The lesson page
  'page.title': '{lesson} · Attention Lab',
  'core.retry': 'Retry',
  'core.restarting': 'The computation core stopped ({reason}) and is restarting; your settings are kept.',
  'core.failed': 'The interactive figures could not start: {reason}.{stillWorks} ',
  'core.textStillWorks': 'The text and questions still work.',
  'core.questionStillWorks': 'The question still works.',
  'instructor.toggle': 'For instructors',
  'instructor.hide': 'Hide the "Embed this" buttons',
  'instructor.show': 'Show "Embed this" on every figure and question',
  'link.unusable': 'Some settings in the link were not usable and were reset to defaults: {problems}.',
  'link.lowered': 'Some settings were lowered to what trains: {lowered}.',
  'link.copyThis': 'Copy this link: {link}',
  'link.copied': 'Link copied: {link}',
  'progress.unreadable':
    'Your saved progress for this lesson could not be read, so the lesson starts afresh. The saved text is kept ' +
    'aside in this browser.',
  'progress.setAside':
    '{dropped} saved {dropped, plural, one {answer} other {answers}} could not be read, so ' +
    '{dropped, plural, one {it was} other {they were}} set aside (kept in this browser); your other answers are kept.',
  // Saving in this browser
  'storage.tab':
    'This browser is not letting the page save anything beyond this tab, so your answers and attempt counts are ' +
    'kept until you close the tab (reloading keeps them).',
  'storage.page':
    'This browser is not letting the page save anything, so your answers and attempt counts last only until you ' +
    'reload or leave this page.',
  'storage.fullAtStart':
    "This browser's storage for this site is full, so new answers last only until you reload or leave this page. " +
    'Answers saved before are still here, and the page saves again as soon as there is room.',
  'storage.fullNow':
    "This browser's storage for this site is full, so your new answers are kept only until you reload or leave this " +
    'page. The page tries again with every answer.',
  'storage.stopped':
    'Saving stopped working in this browser, so from now on your progress lasts only until you reload or leave this ' +
    'page.',
  'storage.works': 'Saving works again: the answers you gave meanwhile are now saved in this browser.',
  'storage.worksForTab': 'Saving works again: the answers you gave meanwhile are now kept until you close the tab.',
  'lesson.contents': 'Contents',
  'lesson.skipTo': 'Skip to the lesson',
  'lesson.all': 'All lessons',
  'lesson.list': 'Lessons',
  'lesson.questionCount': '{count, plural, one {# question} other {# questions}}',
  'static.figure': 'This interactive figure needs JavaScript.',
  'static.question': 'Answering this question needs JavaScript.',
  'static.prediction': 'Predicting needs JavaScript.',
  'static.lesson': 'The figures and questions of this lesson need JavaScript; the text reads without it.',
  'lesson.missing': 'There is no lesson called “{wanted}”; showing “{title}” instead.',
  'lesson.untranslated': '“{title}” has no {locale} translation yet; showing it in English.',
  'lesson.retryMissed': 'Retry the questions I missed',
  'lesson.reset': 'Reset my progress',
  'lesson.resetConfirm': 'Press again to erase every answer',
  'lesson.resetDone': 'Your progress was reset: every question is unanswered again.',
  'lesson.progress': '{correct} of {total} questions answered correctly.',
  'lesson.progressComplete': '{correct} of {total} questions answered correctly — lesson complete.',
  'lesson.afterSolution':
    ' ({after, plural, one {1 question was} other {# questions were}} answered right only after the worked ' +
    'solution, which earns no points)',
  'lesson.score': ' Score: {score} of 100{why}.',
  'lesson.loadFailed': "The lesson's questions could not load ({message}). Reload the page to try again.",
  'lesson.localeFailed': "The lesson's {locale} text could not load ({message}).",
  'lesson.connectionFailed': "Starting the lesson's connection failed ({message}).",
  'results.downloadJson': 'Download my results (JSON)',
  'results.downloadCsv': 'Download my results (CSV)',
  'results.fileName': 'attention-lab-{lesson}-results',
  'theme.system': 'Theme: system',
  'theme.light': 'Theme: light',
  'theme.dark': 'Theme: dark',
  'region.equation': 'Equation',
  'region.code': 'Code',
  'region.table': 'Table',
  'region.content': 'Content',
  'region.scrolls': '{kind} (scrolls sideways)',

  // SCORM: what the course system did with the learner's progress
  'scorm.keptHereForYou': 'Your answers are kept in this browser for you',
  'scorm.keptNowhere':
    'The course system gave no learner id, so nothing is kept in this browser for another visit: your answers last ' +
    'until you leave this page',
  'scorm.notStarted':
    'The course system did not start this lesson ({problem}), so your score is not reported yet, and the page does ' +
    'not know who you are: your answers last until you leave this page. The page tries again with your next answer.',
  'scorm.notRecorded':
    'The course system did not record your progress ({problem}). {kept}, and the page tries again with your next ' +
    'answer and when you leave.',
  'scorm.gaveUp':
    'The course system still did not record your progress ({problem}), so the page stopped trying. {kept}.',
  'scorm.gaveUpKept':
    'The course system still did not record your progress ({problem}), so the page stopped trying. {kept}, and ' +
    'they are sent the next time you open the lesson.',
  'scorm.recovered': 'Your progress reached the course system again.',
  'scorm.notRead':
    'The course system could not give this lesson what it asked for ({problem}); the lesson works without it.',
  'scorm.suspendNotRead':
    'Your saved progress could not be read from the course system ({problem}), so the page does not replace it: ' +
    'your score and each answer are still reported.',
  'scorm.unreadable':
    'Your saved progress in the course system could not be read, so the lesson starts afresh; the saved text is ' +
    'kept there as it was.',
  'scorm.setAside':
    '{count} {count, plural, one {saved answer} other {saved answers}} ({ids}) could not be read from the course ' +
    'system, so {count, plural, one {it is kept there as it was} other {they are kept there as they were}}; your ' +
    'other answers are restored.',
  'scorm.keptHere':
    'Answers the course system did not take last time were kept in this browser for you; they are sent now.',
  'scorm.noInteractions':
    'This course system does not keep a record of each answer ({problem}). Your score and progress are still ' +
    'reported, and every answer stays in your saved progress and in “Download my results”.',
  'scorm.answerNotRecorded':
    'The course system did not record one of your answers ({problem}); your score is still reported, and the ' +
    'record is sent again with your next answer.',
  'scorm.droppedTexts': 'the typed text of {count} {count, plural, one {answer} other {answers}}',
  'scorm.droppedEarlier': '{count} {count, plural, one {earlier answer} other {earlier answers}}',
  'scorm.droppedUnread': 'the saved text it could not read',
  'scorm.dropped':
    'The course system keeps at most 4096 characters of your progress, so the oldest details were left out of it ' +
    '({parts}). Every verdict is kept; “Download my results” has everything until you leave.',
  'scorm.tooLong':
    'Your progress no longer fits the 4096 characters the course system keeps, so it is not saved there; your score ' +
    'and each answer are still reported.',
  'seed.keptForTab':
    'This browser keeps nothing for this page once the tab closes, so the numbers in your questions may change when ' +
    'you open it again.',
  'seed.keptNowhere':
    'This browser keeps nothing for this page, so the numbers in your questions may change when you reload or ' +
    'reopen it.',

  // Embed this (instructor tools)
  'embed.toggle': 'Embed this',
  'embed.copy': 'Copy',
  'embed.heightFailed':
    'The height could not be measured ({message}), so it is an estimate: check the frame in your page before ' +
    'learners see it.',
  'embed.heightMeasured':
    'Height {height} px: measured on this embed {tallest}, in a column {columnWidth} px wide; where your page runs ' +
    'our script, the frame follows its content instead.',
  'embed.measuring': 'Measuring the height the frame needs…',
  'embed.notMeasuredYet': ' Its height is not measured yet: copy again once it is.',
  'embed.copied': 'Copied.',
  'embed.selected': 'Selected: press Ctrl+C (⌘C on a Mac) to copy.',
  'embed.questionTitle': 'Attention Lab question: {words}',
  'embed.questionFrom': 'Attention Lab: a question from “{lesson}”',
  'embed.questionLabel': 'HTML that embeds this question',
  'embed.questionTallest': 'with its verdict, feedback, hint and worked solution open',
  'embed.widgetLabel': 'HTML that embeds this widget with its current settings',
  'embed.widgetTitle': 'Attention Lab: {caption}',
  'embed.widgetTallest': 'with its data table open',
  'embed.measuringFrame': 'Measuring the height of the embed',
  'embedOptions.explainAfterAttempts': 'Once right, or when the attempts are used up (default)',
  'embedOptions.explainAfterCorrect': 'Only once right',
  'embedOptions.explainNever': 'Never',
  'embedOptions.hide': 'Controls to hide from learners',
  'embedOptions.numbers': 'Numbers in the question ({count} variants)',
  'embedOptions.variantPage': "As on the lesson page: the lesson's numbers, then “Another like this”",
  'embedOptions.variantFixed': "The lesson's own numbers for everyone",
  'embedOptions.variantLearner': 'Each learner their own numbers',
  'embedOptions.variantSeed': 'The numbers one seed draws, the same for everyone',
  'embedOptions.attempts': 'Attempts',
  'embedOptions.unlimited': 'Unlimited (default)',
  'embedOptions.attemptsLabel': 'Counted attempts before the question locks',
  'embedOptions.explain': 'When the worked solution shows',
  'embedOptions.origin': 'Where the answers may go',
  'embedOptions.originHelp':
    'Empty: the learner’s answers and progress go only to the page that embeds the frame. Name your course site’s ' +
    'origin to send every message to it alone.',
  'embedOptions.originLabel': 'Origin of your course site (optional)',
  'embedOptions.seedProblem': 'Enter a whole number from 1 to {max}; the snippet keeps seed {kept}.',
  'embedOptions.originProblem': '{problem} Until then the snippet names no origin.',
  'origin.example': 'such as https://canvas.example.edu',
  'origin.notOrigin': '“{typed}” is not an origin: write the scheme and the host, {example}.',
  'origin.scheme': 'An origin starts with https:// (or http://), {example}; “{typed}” does not.',
  'origin.noHost': '“{typed}” names no host; write one, {example}.',
  'origin.bare': 'An origin is the scheme and host only: write {origin}, not “{typed}”.',

  // A link's widget setting that cannot be used, and what the setting allows (the build says the same to authors)
  'param.outOfRange': '{name} = {shown} is out of range; allowed: {allowed}',
  'param.wrongType':
    '{name} must be {kind, select, integer {an integer} number {a number} boolean {true or false} ' +
    'list {a list of numbers} name {a name} nameOrNumber {a name or a number} other {something else}}, got {got}; ' +
    'allowed: {allowed}',
  'param.listLength': '{name} (length)',
  'param.gotNothing': 'nothing',
  'param.gotString': 'the string {text}',
  'param.gotList': 'a list',
  'param.gotMapping': 'a mapping',
  'param.cut': '{start}… ({length} characters)',
  'param.integerRange': 'an integer from {min} to {max}',
  'param.greaterThan': 'greater than {x}',
  'param.atLeast': 'at least {x}',
  'param.lessThan': 'less than {x}',
  'param.atMost': 'at most {x}',
  'param.finiteNumber': 'a finite number',
  'param.numberBound': 'a number {bound}',
  'param.numberBetween': 'a number {low} and {high}',
  'param.trueOrFalse': 'true or false',
  'param.oneOf': 'one of {values}',
  'param.oneOfOrNumber': 'one of {values} or {range}',
  'param.list': 'a list of {minLength} to {maxLength} numbers between −{most} and {most}',
  'param.listMasked':
    'a list of {minLength} to {maxLength} numbers between −{most} and {most}, or -inf for a masked position',
  'param.unknown': '{widget} has no parameter "{name}"; allowed: {names}',
  'param.ofWidget': '{widget}: {message}',
  'param.missing': '{widget} needs {name}; allowed: {allowed}',

  // What an embed link asks for that the frame cannot show
  'embedLink.noSuchWidget':
    'There is no widget “{ref}” in this lesson (its widgets are {ids}){shown, select, yes {; showing “{first}” ' +
    'instead} other {}}.',
  'embedLink.noWidgetNamed': 'No widget was named{shown, select, yes {; showing “{first}”} other {}}.',
  'embedLink.noSuchQuestion':
    'There is no question “{ref}” in this lesson (its questions are {ids}){shown, select, yes {; showing “{first}” ' +
    'instead} other {}}.',
  'embedLink.noQuestionNamed': 'No question was named{shown, select, yes {; showing “{first}”} other {}}.',
  'embedLink.otherWidget': '“{key}” is for a widget not shown here',
  'embedLink.noControl': '{widget} has no control “{name}” to hide; its controls are {controls}',
  'embedLink.unusable': 'Some settings in this link were not usable, so defaults were used: {problems}.',
  'embedLink.noLesson': 'No lesson is built into this page.',
  'embedLink.stray': 'These settings apply to a widget, and none is shown here, so they were ignored: {keys}.',
  'embedLink.theme': "The theme “{theme}” is unknown (allowed: light, dark, system); following the system's.",

  // A graded link's policy that cannot be read (variant=, attempts=, explain=)
  'policy.variant':
    "The variant “{value}” is not fixed, learner or a number such as 3; showing the lesson's own numbers.",
  'policy.attempts': 'The attempts “{value}” is not a whole number from 1 to {max}; attempts are unlimited.',
  'policy.explain':
    'The explain “{value}” is not one of {choices}; the explanation shows once right or after the attempts.',

  // The LTI tool's refusals a learner reads on the graded page
  'tool.attemptsUsed':
    'You have used {attempts, plural, =1 {your one attempt} other {all # attempts}} this question allows, so this ' +
    'answer was not graded.',
  'tool.noSolutions': 'This activity does not show worked solutions.',
  'tool.solutionAfterCorrect': 'The worked solution opens once you answer this question correctly.',
  'tool.solutionAfterAttempts':
    'The worked solution opens once you answer this question correctly or have used ' +
    '{attempts, plural, =1 {your one attempt} other {all # attempts}}.',
  'tool.solutionAfterTwoWrong':
    'The worked solution opens once you answer this question correctly or have answered wrongly twice.',
} as const;

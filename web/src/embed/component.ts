// attention-lab.js: defines <attention-lab-widget> and <attention-lab-question> for hosts that run scripts (Jupyter
// Book,
// Quarto, MkDocs, Docusaurus). Attributes mirror the embed URL (lesson, widget or question, dk, hide, theme, frame …;
// `lang` is the element's language); each element renders in its own shadow root and fires `attention-lab` events
// carrying the host messages.
import { widgetSchemas } from '../authoring/widget-schema.js';
import { LessonEvents } from '../lesson/lesson-events.js';
import { ProgressStore } from '../lesson/progress-store.js';
import { SafeStorage } from '../lesson/safe-storage.js';
import { loadLocale, localeLoaded } from '../lesson/lessons.js';
import { CoreClient, startCoreWorker } from '../worker/core-client.js';
import { readEmbedLocale, readEmbedRequest, reservedParams } from './embed-request.js';
import { toLocale } from '../i18n/locales.js';
import { renderEmbed, type RenderedEmbed } from './embed-view.js';
import { withLocalWorkers } from './local-worker.js';
import { learnerSeed } from './learner-seed.js';
import { MessageMaker } from './messages.js';
import { relayLessonEvents } from './relay.js';
import { registerKatexFonts, shadowSheet } from './shadow-styles.js';

const paramNames = [
  ...new Set([...reservedParams, ...Object.values(widgetSchemas).flatMap((schema) => Object.keys(schema))]),
];
// Global HTML attributes belong to the host page, not to the lesson state.
const globalAttribute = new RegExp(
  '^(class|id|style|slot|part|title|lang|dir|hidden|inert|tabindex|role|is|nonce|autofocus|draggable|translate|' +
    'popover)$|^(data-|aria-|on)',
);

// One worker, one storage and one progress store per lesson for the whole page, however many elements it holds.
// The worker lives while any element shows something: the last one to leave the page ends it.
let client: CoreClient | undefined;
let storage: SafeStorage | undefined;
const stores = new Map<string, ProgressStore>();
const holders = new Set<AttentionLabElement>();
const sharedClient = (holder: AttentionLabElement) => {
  holders.add(holder);
  return (client ??= new CoreClient(() => withLocalWorkers(startCoreWorker)));
};
const releaseClient = (holder: AttentionLabElement) => {
  holders.delete(holder);
  if (holders.size > 0 || !client) return;
  client.dispose();
  client = undefined;
};
const sharedStorage = () => (storage ??= new SafeStorage('attention-lab'));
const storeFor = (slug: string) =>
  stores.get(slug) ?? stores.set(slug, new ProgressStore(sharedStorage(), slug)).get(slug)!;

abstract class AttentionLabElement extends HTMLElement {
  static readonly observedAttributes = paramNames;
  protected abstract readonly kind: 'widget' | 'question';
  private readonly root = this.attachShadow({ mode: 'open' });
  private nearby?: IntersectionObserver;
  private view: RenderedEmbed | undefined;
  private rendered = false;
  private scheduled = false;
  private generation = 0;

  // Figures far below the fold do no work until they come near (one screen ahead).
  connectedCallback(): void {
    if (this.rendered || this.nearby) return;
    if (typeof IntersectionObserver === 'undefined') return this.render();
    this.nearby = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        this.nearby?.disconnect();
        this.nearby = undefined;
        this.render();
      },
      { rootMargin: '100% 0px' },
    );
    this.nearby.observe(this);
  }

  disconnectedCallback(): void {
    this.nearby?.disconnect();
    this.nearby = undefined;
    this.view?.dispose();
    this.view = undefined;
    this.rendered = false;
    releaseClient(this);
  }

  attributeChangedCallback(): void {
    if (!this.rendered || this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.render();
    });
  }

  private params(): URLSearchParams {
    const params = new URLSearchParams();
    for (const { name, value } of this.attributes) {
      if (globalAttribute.test(name)) continue;
      params.set(name, value === '' ? 'true' : value); // a bare attribute such as `scaled` means true
    }
    return params;
  }

  private render(): void {
    this.rendered = true;
    const generation = ++this.generation;
    registerKatexFonts();
    this.root.adoptedStyleSheets = [shadowSheet()];
    const notices = Object.assign(document.createElement('div'), { className: 'component-notices' });
    notices.setAttribute('role', 'status');
    const announce = (text: string | undefined) => {
      if (text) notices.append(Object.assign(document.createElement('p'), { textContent: text }));
    };
    // `lang` names the element's language; without it the element speaks the host page's, where the lesson does.
    const language = readEmbedLocale(this.getAttribute('lang') ?? document.documentElement.lang);
    if (!localeLoaded(language.locale)) {
      // The translation comes first; a failed load leaves the original, as for a lesson not translated yet.
      const again = () => generation === this.generation && this.render();
      void loadLocale(language.locale).then(again, again);
      return;
    }
    if (this.hasAttribute('lang')) announce(language.problem);
    const request = readEmbedRequest(this.params(), this.kind, language.locale);
    request.problems.forEach(announce);
    if (!request.lesson) {
      this.root.replaceChildren(notices);
      return;
    }
    // The page's strings are in its one language (<html lang>): an element asked for another sets it.
    const pageLocale = toLocale(document.documentElement.lang);
    if (this.hasAttribute('lang') && pageLocale !== request.locale) document.documentElement.lang = request.locale;
    if (request.theme) this.dataset.theme = request.theme;
    else delete this.dataset.theme;
    const events = new LessonEvents();
    const maker = new MessageMaker(request.frame || this.id, request.lesson.slug);
    relayLessonEvents(events, maker, request.question ? [request.question.id] : [], (detail) => {
      // A re-render (attributes changed) silences the previous view's listeners.
      if (generation === this.generation)
        this.dispatchEvent(new CustomEvent('attention-lab', { detail, bubbles: true, composed: true }));
    });
    const store = storeFor(request.lesson.slug);
    if (request.question) {
      announce(sharedStorage().problem);
      announce(store.notice);
    }
    this.view?.dispose(); // a re-render must not leave the old widget training in the worker
    // variant=learner without an LMS: this browser's seed stands in for the learner.
    const seeded =
      request.question && request.policy.variant.kind === 'learner' ? learnerSeed(sharedStorage()) : undefined;
    announce(seeded?.notice);
    const context = { client: sharedClient(this), store, events, announce, learner: seeded?.seed };
    this.view = renderEmbed(request, context);
    this.root.replaceChildren(notices, this.view.element);
  }
}

class AttentionLabWidget extends AttentionLabElement {
  protected readonly kind = 'widget';
}

class AttentionLabQuestion extends AttentionLabElement {
  protected readonly kind = 'question';
}

if (!customElements.get('attention-lab-widget')) customElements.define('attention-lab-widget', AttentionLabWidget);
if (!customElements.get('attention-lab-question'))
  customElements.define('attention-lab-question', AttentionLabQuestion);

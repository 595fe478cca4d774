// Text into HTML and SVG: everything a learner typed or a platform named passes through here.
const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string | number): string {
  return String(text).replace(/[&<>"']/g, (ch) => entities[ch] ?? ch);
}

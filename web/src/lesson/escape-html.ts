// Text made safe inside HTML written at build time (element content and quoted attributes alike).
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

import MarkdownIt from 'markdown-it';

/**
 * Transcript markdown → HTML that is safe to insert: markdown-it with raw HTML off escapes every
 * tag the text contains, and a link is kept only for http, https and mailto (markdown-it's own check
 * would let `data:image/…` through). Images are off too, so a transcript cannot make the browser
 * fetch an address. Links open in a new tab without the console's address as referrer.
 */
const md = new MarkdownIt({ html: false, linkify: true, breaks: true });
md.disable('image');
const LINK_SCHEMES = /^(https?|mailto):/i;
md.validateLink = (url) => LINK_SCHEMES.test(url.trim());
const renderLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  tokens[idx]!.attrSet('target', '_blank');
  tokens[idx]!.attrSet('rel', 'noopener noreferrer');
  return renderLinkOpen(tokens, idx, options, env, self);
};

export function renderMarkdown(text: string): string {
  return md.render(text);
}

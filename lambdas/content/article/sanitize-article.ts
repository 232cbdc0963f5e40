import sanitizeHtml from 'sanitize-html';

/**
 * An article's HTML as stored and served: only the editor's formatting (headings, lists, quotes, code, links,
 * images), no script, style, iframe or event handler, links only http(s) and mailto (no `javascript:`), images
 * only http(s). Every link opens with rel="noopener noreferrer". Run on every save, so what the member page
 * renders was cleaned on the server whatever the browser sent.
 */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'blockquote', 'ul', 'ol', 'li', 'code', 'pre', 'hr', 'a', 'img'],
    allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer', ...(attribs.target ? { target: '_blank' } : {}) } }),
    },
  });
}

import { AnsiUp } from 'ansi_up';
import DOMPurify from 'dompurify';
import { marked } from 'marked';
import type { Json, MimeBundle } from '../../model/nbformat/types';
import { liftMath, restoreMath, type TexRenderer } from './math';

/**
 * HTML for the read-only notebook view. Everything a notebook carries is untrusted (it may come
 * from anyone): markdown and HTML outputs go through DOMPurify, terminal text through ansi_up,
 * which escapes it and turns only its colour codes into spans.
 */

/** A mime bundle's text: one string, or lines kept as read. */
export function textOf(value: Json | undefined): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((line) => typeof line === 'string').join('');
  return value === undefined || value === null ? '' : JSON.stringify(value);
}

/**
 * Sanitised HTML; an image without alternative text gets an empty one (decorative), as screen
 * readers need. forceBody keeps a leading `<style>` (pandas Styler tables start with one).
 */
export function sanitize(html: string, { forceBody = false } = {}): string {
  const fragment = DOMPurify.sanitize(html, { RETURN_DOM_FRAGMENT: true, FORCE_BODY: forceBody });
  fragment.querySelectorAll('img:not([alt])').forEach((img) => img.setAttribute('alt', ''));
  const box = document.createElement('div');
  box.append(fragment);
  return box.innerHTML;
}

/**
 * Markdown as sanitised HTML; `attachment:name` images point at the cell's attachments (data URLs).
 * Its math is rendered by `tex` when given (else shown as TeX source); sanitising comes last, over all of it.
 */
export function markdownHtml(source: string, attachments?: { [name: string]: MimeBundle }, tex: TexRenderer | null = null): string {
  const linked = attachments
    ? source.replace(/attachment:([^\s)"'>]+)/g, (link, name: string) => {
        const bundle = attachments[decodeURIComponent(name)] as MimeBundle | undefined;
        const type = bundle && Object.keys(bundle).find((mime) => mime.startsWith('image/'));
        return type ? `data:${type};base64,${textOf(bundle[type]).replace(/\s/g, '')}` : link;
      })
    : source;
  const { text, math } = liftMath(linked);
  return sanitize(restoreMath(marked.parse(text, { async: false, gfm: true }), math, tex));
}

/** Terminal text (streams, tracebacks) as HTML: escaped, ANSI colours as styled spans. */
export function ansiHtml(text: string): string {
  const ansi = new AnsiUp();
  // The 16 colours as classes (notebook.css gives them contrast on a light page); 256-colour codes stay inline.
  ansi.use_classes = true;
  return sanitize(ansi.ansi_to_html(text));
}

/** SVG with DOMPurify's SVG profile: no script, no event handlers, no javascript: links. */
export function sanitizeSvg(svg: string): string {
  return DOMPurify.sanitize(svg, { USE_PROFILES: { svg: true, svgFilters: true } });
}

/**
 * An image output as a data URL (base64 as Jupyter stores it; SVG as its sanitised text). SVG is
 * shown through an `<img>`: an image never runs script or loads anything, and cannot restyle the
 * page; sanitising it as well keeps a downloaded or reused copy clean.
 */
export function imageUrl(type: string, value: Json): string {
  if (type === 'image/svg+xml') return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(sanitizeSvg(textOf(value)))}`;
  return `data:${type};base64,${textOf(value).replace(/\s/g, '')}`;
}

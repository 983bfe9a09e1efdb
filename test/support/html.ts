// Small readers for server-rendered HTML, so assertions name what a client sees.

export function titles(html: string): string[] {
  return [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1]!));
}

export function meta(html: string, key: string): string | undefined {
  const tag = [...html.matchAll(/<meta\s[^>]*>/g)]
    .map((m) => m[0])
    .find((t) => t.includes(`name="${key}"`) || t.includes(`property="${key}"`));
  const content = tag?.match(/content="([^"]*)"/)?.[1];
  return content === undefined ? undefined : decode(content);
}

export function canonical(html: string): string | undefined {
  return html.match(/<link rel="canonical" href="([^"]*)"/)?.[1];
}

function decode(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

/** The visible text of a document, as a crawler without JavaScript reads it. */
export function visibleText(html: string): string {
  return decode(
    html
      .replace(/<head>[\s\S]*<\/head>/, ' ')
      .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
      .replace(/<!-- -->/g, '')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

export function hrefs(html: string): string[] {
  return [...html.matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((m) => decode(m[1]!));
}

/** The first opening tag that contains `marker` (for example `id="contact-email"`). */
export function openingTag(html: string, marker: string): string {
  const at = html.indexOf(marker);
  if (at === -1) throw new Error(`no tag with ${marker}`);
  const start = html.lastIndexOf('<', at);
  return html.slice(start, html.indexOf('>', at) + 1);
}

/** An attribute of a tag, matched case-insensitively as HTML does; null when absent. */
export function attr(tag: string, name: string): string | null {
  const match = tag.match(new RegExp(`\\s${name}(?:="([^"]*)")?(?=[\\s/>])`, 'i'));
  return match ? decode(match[1] ?? '') : null;
}

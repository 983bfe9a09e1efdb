// Copy compiled from Markdown (shared/content/markdown.ts), rendered as React
// elements: React escapes every word, so the files need no HTML sanitising.
import { Fragment } from 'react';
import { factText, plainText, type Block, type Inline, type MarkdownLink } from '../content/markdown.js';
import { resolvedHref } from '../links.js';
import { useSite } from '../site-config.js';

/** A link's words, then its title (when written) for screen readers alone. */
export function LinkWords({ link }: { link: MarkdownLink }) {
  return (
    <>
      <InlineText inlines={link.children} />
      {link.title && <span className="visually-hidden">{` ${link.title}`}</span>}
    </>
  );
}

/** Runs of text, facts filled in. Plain runs become one text node, as a string written in code would. */
export function InlineText({ inlines }: { inlines: Inline[] }) {
  const site = useSite();
  const text = plainText(inlines, site);
  if (text !== undefined) return text;
  return inlines.map((inline, index) => {
    if (typeof inline === 'string') return <Fragment key={index}>{inline}</Fragment>;
    if ('fact' in inline) return <Fragment key={index}>{factText(inline.fact, site)}</Fragment>;
    if ('href' in inline) {
      const href = resolvedHref(inline.href, site);
      // A link to an address the configuration leaves unset keeps its words, as plain text.
      if (href === undefined) return <InlineText key={index} inlines={inline.children} />;
      return (
        <a key={index} href={href}>
          <LinkWords link={inline} />
        </a>
      );
    }
    if ('strong' in inline) {
      return (
        <strong key={index}>
          <InlineText inlines={inline.strong} />
        </strong>
      );
    }
    return (
      <em key={index}>
        <InlineText inlines={inline.emphasis} />
      </em>
    );
  });
}

/** Paragraphs and bulleted lists. */
export function MarkdownBlocks({ blocks }: { blocks: Block[] }) {
  return blocks.map((block, index) =>
    'paragraph' in block ? (
      <p key={index}>
        <InlineText inlines={block.paragraph} />
      </p>
    ) : (
      <ul key={index}>
        {block.list.map((item, itemIndex) => (
          <li key={itemIndex}>
            <InlineText inlines={item} />
          </li>
        ))}
      </ul>
    ),
  );
}

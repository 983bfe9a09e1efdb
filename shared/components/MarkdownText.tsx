// Copy compiled from Markdown (shared/content/markdown.ts), rendered as React
// elements: React escapes every word, so the files need no HTML sanitising.
import { Fragment } from 'react';
import { factText, plainText, type Block, type Inline } from '../content/markdown.js';
import { useSite } from '../site-config.js';

/** Runs of text, facts filled in. Plain runs become one text node, as a string written in code would. */
function InlineText({ inlines }: { inlines: Inline[] }) {
  const site = useSite();
  const text = plainText(inlines, site);
  if (text !== undefined) return text;
  return inlines.map((inline, index) => {
    if (typeof inline === 'string') return <Fragment key={index}>{inline}</Fragment>;
    if ('fact' in inline) return <Fragment key={index}>{factText(inline.fact, site)}</Fragment>;
    if ('href' in inline) {
      return (
        <a key={index} href={inline.href}>
          <InlineText inlines={inline.children} />
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
